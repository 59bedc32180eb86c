// quiz-fetch's transfer, through libcurl's easy interface (`curl_easy_perform`
// waits in poll(2) and keeps one deadline for the whole transfer).
// FoundationNetworking's URLSession, on libcurl too, was dropped for this: it
// woke about 8,000 times a second while a server said nothing, and it queued
// every piece received for its delegate, so an endless answer filled memory
// faster than a cap could be checked.
//
// libcurl is opened with dlopen, so building needs no libcurl headers and
// running only Debian's libcurl4 (which FoundationNetworking needs anyway).
// The option numbers below are libcurl's stable ABI (curl/curl.h).
#include "CFetch.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef void CURL;
typedef int CURLcode;

enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_ERRORBUFFER = 10010,
    OPT_WRITEFUNCTION = 20011,
    OPT_HTTPHEADER = 10023,
    OPT_FOLLOWLOCATION = 52,
    OPT_MAXREDIRS = 68,
    OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155,
    OPT_PROTOCOLS = 181,
    OPT_REDIR_PROTOCOLS = 182,
    OPT_MAXFILESIZE_LARGE = 30117,
    OPT_USERAGENT = 10018,
    INFO_RESPONSE_CODE = 0x200002,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    CODE_FILESIZE_EXCEEDED = 63,
};

struct curl_slist;

typedef struct {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl_api;

typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t max_bytes;
    int too_large;
} sink;

static size_t receive(char *bytes, size_t size, size_t count, void *context) {
    sink *into = context;
    size_t length = size * count;
    if (length > into->max_bytes - into->length) {
        into->too_large = 1;
        return 0;  // libcurl stops the transfer with CURLE_WRITE_ERROR
    }
    if (into->length + length > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 65536;
        while (capacity < into->length + length) capacity *= 2;
        if (capacity > into->max_bytes) capacity = into->max_bytes;
        unsigned char *grown = realloc(into->data, capacity);
        if (!grown) return 0;
        into->data = grown;
        into->capacity = capacity;
    }
    memcpy(into->data + into->length, bytes, length);
    into->length += length;
    return length;
}

static int load(curl_api *api, char *message, size_t size) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW);
    if (!library) library = dlopen("libcurl-gnutls.so.4", RTLD_NOW);
    if (!library) {
        strncpy(message, "libcurl is not installed (Debian's libcurl4 package)", size - 1);
        return 0;
    }
    *(void **)&api->easy_init = dlsym(library, "curl_easy_init");
    *(void **)&api->easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&api->easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&api->easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&api->easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&api->easy_strerror = dlsym(library, "curl_easy_strerror");
    *(void **)&api->slist_append = dlsym(library, "curl_slist_append");
    *(void **)&api->slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!api->easy_init || !api->easy_setopt || !api->easy_perform || !api->easy_getinfo || !api->easy_cleanup
        || !api->easy_strerror || !api->slist_append || !api->slist_free_all) {
        strncpy(message, "the installed libcurl lacks a function quiz-fetch needs", size - 1);
        return 0;
    }
    return 1;
}

cfetch_result cfetch_get(const char *url, long timeout_ms, size_t max_bytes) {
    cfetch_result result;
    memset(&result, 0, sizeof result);
    curl_api api;
    if (!load(&api, result.message, sizeof result.message)) {
        result.code = -1;
        return result;
    }
    CURL *curl = api.easy_init();
    if (!curl) {
        result.code = -1;
        strncpy(result.message, "libcurl could not start a transfer", sizeof result.message - 1);
        return result;
    }
    sink body = {NULL, 0, 0, max_bytes, 0};
    char errors[256] = "";
    struct curl_slist *headers = api.slist_append(NULL, "Accept: application/json");
    api.easy_setopt(curl, OPT_URL, url);
    api.easy_setopt(curl, OPT_ERRORBUFFER, errors);
    api.easy_setopt(curl, OPT_WRITEFUNCTION, receive);
    api.easy_setopt(curl, OPT_WRITEDATA, &body);
    api.easy_setopt(curl, OPT_HTTPHEADER, headers);
    api.easy_setopt(curl, OPT_USERAGENT, "quiz-fetch");
    api.easy_setopt(curl, OPT_FOLLOWLOCATION, 1L);
    api.easy_setopt(curl, OPT_MAXREDIRS, 5L);
    api.easy_setopt(curl, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    api.easy_setopt(curl, OPT_REDIR_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    api.easy_setopt(curl, OPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, OPT_TIMEOUT_MS, timeout_ms);
    api.easy_setopt(curl, OPT_MAXFILESIZE_LARGE, (long long)max_bytes);
    result.code = api.easy_perform(curl);
    api.easy_getinfo(curl, INFO_RESPONSE_CODE, &result.status);
    result.too_large = body.too_large || result.code == CODE_FILESIZE_EXCEEDED;
    if (result.code != 0) {
        strncpy(result.message, errors[0] ? errors : api.easy_strerror(result.code), sizeof result.message - 1);
        free(body.data);
    } else {
        result.body = body.data;
        result.length = body.length;
    }
    api.slist_free_all(headers);
    api.easy_cleanup(curl);
    return result;
}

void cfetch_free(cfetch_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}
