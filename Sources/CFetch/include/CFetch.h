// One HTTP(S) GET through libcurl's easy interface, for quiz-fetch; see fetch.c.
#ifndef CFETCH_H
#define CFETCH_H

#include <stddef.h>

/// What `cfetch_get` found. `body` (malloc'd, `length` bytes) holds the
/// answer of a transfer that completed; free it with `cfetch_free`.
typedef struct {
    /// 0 done (see `status`); otherwise libcurl's CURLcode, or -1 when
    /// libcurl could not be loaded (see `message`).
    int code;
    /// The HTTP status of the last answer, 0 if none came.
    long status;
    /// 1 when the body grew past `max_bytes` (or was announced larger).
    int too_large;
    unsigned char *body;
    size_t length;
    /// libcurl's words for a failure, NUL-terminated; empty if none.
    char message[256];
} cfetch_result;

/// Downloads `url` (http or https, following up to five redirects between
/// those two), allowing `timeout_ms` for the whole transfer and at most
/// `max_bytes` of body. Blocks in poll(2) while it waits: no spinning.
cfetch_result cfetch_get(const char *url, long timeout_ms, size_t max_bytes);

void cfetch_free(cfetch_result *result);

#endif
