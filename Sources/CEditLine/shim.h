// libedit's readline interface; see Sources/quiz/LineEditor.swift.
#include <stdio.h>
#include <editline/readline.h>
