// Debian's zlib (zlib1g-dev), linked statically into what uses QuizStore
// (Package.swift, CONTRIBUTING.md "Dependencies"): an Anki package is a zip
// whose members are stored or deflated.
#include <zlib.h>
