// Debian's libsqlite3 (libsqlite3-dev), linked statically into what uses
// QuizStore (Package.swift, CONTRIBUTING.md "Dependencies"): Anki's
// collections are SQLite files.
#include <sqlite3.h>
