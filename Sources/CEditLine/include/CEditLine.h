// libedit's readline interface, opened with dlopen only when quiz reads lines
// from a terminal; see line_editor.c and Sources/quiz/LineEditor.swift.
#ifndef CEDITLINE_H
#define CEDITLINE_H

#include <stdio.h>

typedef int (*edit_getc_function)(FILE *);
typedef char *(*edit_completion_function)(const char *, int);
typedef int (*edit_command_function)(int, int);

/// Loads libedit (libedit.so.2, Debian's libedit2) and finds every function
/// and variable below. 0 when it did; -1 otherwise, with the loader's words
/// in `message` (`size` bytes at most, NUL-terminated). Call it before any
/// other; once it has succeeded, later calls return 0 at once.
int edit_open(char *message, size_t size);

char *edit_readline(const char *prompt);
int edit_initialize(void);
void edit_using_history(void);
void edit_stifle_history(int limit);
int edit_add_history(const char *line);
int edit_add_defun(const char *name, edit_command_function function, int key);
int edit_forced_update_display(void);
/// Measures the terminal again (libedit's el_resize).
void edit_resize_terminal(void);

void edit_set_readline_name(const char *name);
void edit_set_getc_function(edit_getc_function function);
void edit_set_completer_word_break_characters(char *characters);
void edit_set_completion_append_character(int character);
void edit_set_completion_entry_function(edit_completion_function function);
/// The line being edited (NULL outside readline).
const char *edit_line_buffer(void);
/// Where the cursor is in the line being edited, in bytes.
int edit_point(void);
/// Ends the readline under way after the current key.
void edit_set_done(int done);

#endif
