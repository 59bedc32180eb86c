// libedit's readline interface, found with dlopen and dlsym the first time
// quiz reads lines from a terminal. Linked at start-up, libedit and the three
// libraries it needs (libtinfo, libbsd, libmd) cost every run of quiz about
// 0.24 ms and 31 page faults, also the runs that never read a line from a
// terminal: a game through a pipe, --history, --share (CONTRIBUTING.md,
// "Start-up: what costs what"). Building needs no libedit header; running
// needs Debian's libedit2, and without it quiz reads plain lines, saying so.
// The prototypes are libedit's (editline/readline.h).
#include "CEditLine.h"

#include <dlfcn.h>
#include <string.h>

static struct {
    int opened;
    char *(*readline)(const char *);
    int (*initialize)(void);
    void (*using_history)(void);
    void (*stifle_history)(int);
    int (*add_history)(const char *);
    int (*add_defun)(const char *, edit_command_function, int);
    int (*forced_update_display)(void);
    void (*resize_terminal)(void);
    const char **readline_name;
    edit_getc_function *getc_function;
    char **completer_word_break_characters;
    int *completion_append_character;
    edit_completion_function *completion_entry_function;
    char **(**attempted_completion_function)(const char *, int, int);
    char **(*completion_matches)(const char *, edit_completion_function);
    char **line_buffer;
    int *point;
    int *done;
} api;

static void say(char *message, size_t size, const char *what, const char *detail) {
    if (message == NULL || size == 0) return;
    snprintf(message, size, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

int edit_open(char *message, size_t size) {
    if (api.opened) return 0;
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        // The first failure is the one to tell (libedit.so is only the
        // development link, tried in case a system names it so).
        say(message, size, "libedit could not be loaded", dlerror());
        library = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) return -1;
    }
    struct {
        const char *name;
        void **slot;
    } symbols[] = {
        {"readline", (void **)&api.readline},
        {"rl_initialize", (void **)&api.initialize},
        {"using_history", (void **)&api.using_history},
        {"stifle_history", (void **)&api.stifle_history},
        {"add_history", (void **)&api.add_history},
        {"rl_add_defun", (void **)&api.add_defun},
        {"rl_forced_update_display", (void **)&api.forced_update_display},
        {"rl_resize_terminal", (void **)&api.resize_terminal},
        {"rl_readline_name", (void **)&api.readline_name},
        {"rl_getc_function", (void **)&api.getc_function},
        {"rl_completer_word_break_characters", (void **)&api.completer_word_break_characters},
        {"rl_completion_append_character", (void **)&api.completion_append_character},
        {"rl_completion_entry_function", (void **)&api.completion_entry_function},
        {"rl_attempted_completion_function", (void **)&api.attempted_completion_function},
        {"rl_completion_matches", (void **)&api.completion_matches},
        {"rl_line_buffer", (void **)&api.line_buffer},
        {"rl_point", (void **)&api.point},
        {"rl_done", (void **)&api.done},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        void *found = dlsym(library, symbols[index].name);
        if (found == NULL) {
            say(message, size, "libedit has no", symbols[index].name);
            dlclose(library);
            memset(&api, 0, sizeof api);
            return -1;
        }
        *symbols[index].slot = found;
    }
    api.opened = 1;
    return 0;
}

char *edit_readline(const char *prompt) { return api.readline(prompt); }
int edit_initialize(void) { return api.initialize(); }
void edit_using_history(void) { api.using_history(); }
void edit_stifle_history(int limit) { api.stifle_history(limit); }
int edit_add_history(const char *line) { return api.add_history(line); }
int edit_add_defun(const char *name, edit_command_function function, int key) {
    return api.add_defun(name, function, key);
}
int edit_forced_update_display(void) { return api.forced_update_display(); }
void edit_resize_terminal(void) { api.resize_terminal(); }

void edit_set_readline_name(const char *name) { *api.readline_name = name; }
void edit_set_getc_function(edit_getc_function function) { *api.getc_function = function; }
void edit_set_completer_word_break_characters(char *characters) {
    *api.completer_word_break_characters = characters;
}
void edit_set_completion_append_character(int character) { *api.completion_append_character = character; }
// The matches of the entry function, through rl_attempted_completion_function:
// libedit puts a backslash before each space of a match it completes alone
// (as for a file name, `Magna\ Carta`) only when no such function is set.
static char **attempted_completion(const char *text, int start, int end) {
    (void)start;
    (void)end;
    return api.completion_matches(text, *api.completion_entry_function);
}

void edit_set_completion_entry_function(edit_completion_function function) {
    *api.completion_entry_function = function;
    *api.attempted_completion_function = attempted_completion;
}
const char *edit_line_buffer(void) { return *api.line_buffer; }
int edit_point(void) { return *api.point; }
void edit_set_done(int done) { *api.done = done; }
