// libcurl for Gazette's `SMTP` target, which is the only one that includes it.
//
// libcurl is opened when a message is first sent (`dlopen`), not linked: with what it pulls in
// (TLS, Kerberos, LDAP, SSH…) every command paid for loading it at start-up, and only
// `gazette mail --send` uses it. The headers give the types; each function comes from the
// library through the table below, filled once. `curl_easy_setopt` and `curl_easy_getinfo` are
// variadic, which Swift cannot call: one typed setter per kind of value.
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>

/// The libcurl functions Gazette calls, found in the library once (`gazette_curl_table`).
typedef struct {
    int ok;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
} GazetteCurl;

// The table and its once-flag live in functions: Swift's importer emits a header's static
// functions (with their own statics) where they are called, but not its static variables.
static inline GazetteCurl *gazette_curl_storage(void) {
    static GazetteCurl table;
    return &table;
}

static inline pthread_once_t *gazette_curl_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

static void gazette_curl_load(void) {
    // The soname of Debian 12's libcurl4 (OpenSSL); the package names it as a dependency itself.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    GazetteCurl *t = gazette_curl_storage();
#define GAZETTE_CURL(field, name) if (!(*(void **)&t->field = dlsym(library, name))) return;
    GAZETTE_CURL(global_init, "curl_global_init")
    GAZETTE_CURL(easy_init, "curl_easy_init")
    GAZETTE_CURL(easy_cleanup, "curl_easy_cleanup")
    GAZETTE_CURL(slist_append, "curl_slist_append")
    GAZETTE_CURL(slist_free_all, "curl_slist_free_all")
    GAZETTE_CURL(easy_setopt, "curl_easy_setopt")
    GAZETTE_CURL(easy_getinfo, "curl_easy_getinfo")
    GAZETTE_CURL(easy_perform, "curl_easy_perform")
    GAZETTE_CURL(easy_strerror, "curl_easy_strerror")
#undef GAZETTE_CURL
    t->ok = 1;
}

/// The table, loaded on the first call (from any thread); NULL when libcurl is not installed.
/// Each object file that calls these functions may hold its own copy of the table (they are
/// `static`, from a header): every wrapper goes through this function, so each copy is filled
/// before it is used, and `dlopen` hands every copy the one library.
static inline const GazetteCurl *gazette_curl_table(void) {
    pthread_once(gazette_curl_once(), gazette_curl_load);
    const GazetteCurl *table = gazette_curl_storage();
    return table->ok ? table : NULL;
}

/// Whether libcurl could be opened.
static inline int gazette_curl_available(void) { return gazette_curl_table() != NULL; }

// The calls Swift makes, through the table (callers check `gazette_curl_available` first; the
// wrappers fail harmlessly when it is missing).

static inline CURLcode gazette_curl_global_init(long flags) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->global_init(flags) : CURLE_FAILED_INIT;
}

static inline CURL *gazette_curl_easy_init(void) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_init() : NULL;
}

static inline void gazette_curl_easy_cleanup(CURL *curl) {
    const GazetteCurl *c = gazette_curl_table();
    if (c) c->easy_cleanup(curl);
}

static inline struct curl_slist *gazette_curl_slist_append(struct curl_slist *list, const char *text) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->slist_append(list, text) : NULL;
}

static inline void gazette_curl_slist_free_all(struct curl_slist *list) {
    const GazetteCurl *c = gazette_curl_table();
    if (c) c->slist_free_all(list);
}

static inline CURLcode gazette_curl_easy_perform(CURL *curl) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_perform(curl) : CURLE_FAILED_INIT;
}

static inline const char *gazette_curl_easy_strerror(CURLcode code) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_strerror(code) : "libcurl is not installed";
}

static inline CURLcode gazette_curl_set_long(CURL *curl, CURLoption option, long value) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode gazette_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode gazette_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode gazette_curl_set_read(CURL *curl, size_t (*function)(char *, size_t, size_t, void *)) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_setopt(curl, CURLOPT_READFUNCTION, function) : CURLE_FAILED_INIT;
}

static inline CURLcode gazette_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    const GazetteCurl *c = gazette_curl_table();
    return c ? c->easy_getinfo(curl, info, value) : CURLE_FAILED_INIT;
}
