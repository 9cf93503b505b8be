// libvips for Gazette's `Imaging` target, which is the only one that includes it. Swift cannot
// call C's variadic functions, so each vips call Gazette makes is spelled out here once, with
// its options fixed.
//
// libvips is opened when a picture is first read (`dlopen`), not linked: with the 57 libraries
// it and libcurl pull in, every command paid their loading at start-up, and most commands
// (`check`, `new`, `lsp`, a build with no pictures to scale) never touch an image. The headers
// give the types; each function comes from the library through the table below, filled once.
#include <dlfcn.h>
#include <pthread.h>
#include <vips/vips.h>

/// The libvips functions Gazette calls, found in the library once (`gazette_vips_table`).
typedef struct {
    int ok;
    int (*init)(const char *);
    void (*concurrency_set)(int);
    void (*cache_set_max)(int);
    void (*cache_set_max_mem)(size_t);
    void (*cache_set_max_files)(int);
    void (*block_untrusted_set)(gboolean);
    void (*operation_block_set)(const char *, gboolean);
    VipsImage *(*image_new_from_buffer)(const void *, size_t, const char *, ...);
    int (*thumbnail_buffer)(void *, size_t, VipsImage **, int, ...);
    int (*jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*webpsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*colourspace)(VipsImage *, VipsImage **, VipsInterpretation, ...);
    gboolean (*image_hasalpha)(VipsImage *);
    int (*addalpha)(VipsImage *, VipsImage **, ...);
    int (*cast_uchar)(VipsImage *, VipsImage **, ...);
    int (*image_get_width)(const VipsImage *);
    int (*image_get_height)(const VipsImage *);
    void (*error_clear)(void);
    void *(*image_write_to_memory)(VipsImage *, size_t *);
    const char *(*foreign_find_load_buffer)(const void *, size_t);
} GazetteVips;

// The table and its once-flag live in functions: Swift's importer emits a header's static
// functions (with their own statics) where they are called, but not its static variables.
static inline GazetteVips *gazette_vips_storage(void) {
    static GazetteVips table;
    return &table;
}

static inline pthread_once_t *gazette_vips_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

static void gazette_vips_load(void) {
    // The soname of Debian 12's libvips42; the package names it as a dependency itself.
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    GazetteVips *t = gazette_vips_storage();
#define GAZETTE_VIPS(field, name) if (!(*(void **)&t->field = dlsym(library, name))) return;
    GAZETTE_VIPS(init, "vips_init")
    GAZETTE_VIPS(concurrency_set, "vips_concurrency_set")
    GAZETTE_VIPS(cache_set_max, "vips_cache_set_max")
    GAZETTE_VIPS(cache_set_max_mem, "vips_cache_set_max_mem")
    GAZETTE_VIPS(cache_set_max_files, "vips_cache_set_max_files")
    GAZETTE_VIPS(block_untrusted_set, "vips_block_untrusted_set")
    GAZETTE_VIPS(operation_block_set, "vips_operation_block_set")
    GAZETTE_VIPS(image_new_from_buffer, "vips_image_new_from_buffer")
    GAZETTE_VIPS(thumbnail_buffer, "vips_thumbnail_buffer")
    GAZETTE_VIPS(jpegsave_buffer, "vips_jpegsave_buffer")
    GAZETTE_VIPS(webpsave_buffer, "vips_webpsave_buffer")
    GAZETTE_VIPS(colourspace, "vips_colourspace")
    GAZETTE_VIPS(image_hasalpha, "vips_image_hasalpha")
    GAZETTE_VIPS(addalpha, "vips_addalpha")
    GAZETTE_VIPS(cast_uchar, "vips_cast_uchar")
    GAZETTE_VIPS(image_get_width, "vips_image_get_width")
    GAZETTE_VIPS(image_get_height, "vips_image_get_height")
    GAZETTE_VIPS(error_clear, "vips_error_clear")
    GAZETTE_VIPS(image_write_to_memory, "vips_image_write_to_memory")
    GAZETTE_VIPS(foreign_find_load_buffer, "vips_foreign_find_load_buffer")
#undef GAZETTE_VIPS
    t->ok = 1;
}

/// The table, loaded on the first call (from any thread); NULL when libvips is not installed.
/// Each object file that calls these functions may hold its own copy of the table (they are
/// `static`, from a header): every wrapper goes through this function, so each copy is filled
/// before it is used, and `dlopen` hands every copy the one library.
static inline const GazetteVips *gazette_vips_table(void) {
    pthread_once(gazette_vips_once(), gazette_vips_load);
    const GazetteVips *table = gazette_vips_storage();
    return table->ok ? table : NULL;
}

static void gazette_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/// Starts libvips once for the process: one worker thread per image, no operation cache (it
/// would keep decoded pixels), only the loaders vips calls trusted, and its warnings (about a
/// broken image, which Gazette reports itself) kept off the terminal. 0 on success.
/// -2 when libvips is not installed.
static inline int gazette_vips_start(void) {
    const GazetteVips *vips = gazette_vips_table();
    if (!vips) return -2;
    if (vips->init("gazette") != 0) return -1;
    vips->concurrency_set(1);
    vips->cache_set_max(0);
    vips->cache_set_max_mem(0);
    vips->cache_set_max_files(0);
    vips->block_untrusted_set(TRUE);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, gazette_vips_quiet, NULL);
    return 0;
}

/// The image's header only (dimensions), read lazily: no pixel is decoded. NULL on failure.
static inline VipsImage *gazette_vips_header(const void *buffer, size_t length) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return NULL;
    return v->image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// A `width`×`height` thumbnail cropped to the centre, decoded with shrink-on-load where the
/// format has it (JPEG, WebP), failing on a truncated or broken file. 0 on success.
static inline int gazette_vips_thumbnail(void *buffer, size_t length, int width, int height, VipsImage **out) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return -1;
    return v->thumbnail_buffer(
        buffer, length, out, width, "height", height, "size", VIPS_SIZE_BOTH, "crop", VIPS_INTERESTING_CENTRE,
        "option_string", "fail_on=error", NULL);
}

/// `image` as a baseline JPEG at `quality`, metadata stripped. The bytes are freed with g_free.
static inline int gazette_vips_jpeg(VipsImage *image, int quality, void **buffer, size_t *length) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return -1;
    return v->jpegsave_buffer(image, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/// `image` as WebP at `quality`, metadata stripped. The bytes are freed with g_free. 0 on success.
static inline int gazette_vips_webp(VipsImage *image, int quality, void **buffer, size_t *length) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return -1;
    return v->webpsave_buffer(image, buffer, length, "Q", quality, "strip", TRUE, "effort", 4, NULL);
}

/// A picture for print: at most `width` pixels wide (never enlarged), in sRGB with an alpha
/// band, 8 bits a sample, failing on a truncated or broken file. 0 on success.
static inline int gazette_vips_print(void *buffer, size_t length, int width, VipsImage **out) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return -1;
    VipsImage *thumb = NULL, *srgb = NULL, *withAlpha = NULL;
    if (v->thumbnail_buffer(buffer, length, &thumb, width, "height", 100000, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=error", NULL) != 0)
        return -1;
    int status = v->colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(thumb);
    if (status != 0) return -1;
    if (v->image_hasalpha(srgb)) {
        withAlpha = srgb;
    } else {
        status = v->addalpha(srgb, &withAlpha, NULL);
        g_object_unref(srgb);
        if (status != 0) return -1;
    }
    status = v->cast_uchar(withAlpha, out, NULL);
    g_object_unref(withAlpha);
    return status;
}

/// Lets the SVG loader run, which `gazette_vips_start` blocks with every untrusted loader:
/// for pictures a site's members keep beside their journals, never for images from the web.
static inline void gazette_vips_allow_svg(void) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return;
    v->operation_block_set("VipsForeignLoadSvg", FALSE);
}

/// `buffer` (a HEIC, say) as a baseline JPEG at `quality`, at its own size, turned upright as its
/// orientation says, metadata stripped. The bytes are freed with g_free. 0 on success.
static inline int gazette_vips_upright_jpeg(void *buffer, size_t length, int quality, void **out, size_t *outLength) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return -1;
    VipsImage *upright = NULL;
    if (v->thumbnail_buffer(buffer, length, &upright, 100000, "height", 100000, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=error", NULL) != 0)
        return -1;
    int status = v->jpegsave_buffer(upright, out, outLength, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    g_object_unref(upright);
    return status;
}

/// `buffer` scaled to `width` pixels wide (never enlarged), its aspect kept, as WebP at `quality`,
/// metadata stripped. The bytes are freed with g_free. 0 on success.
static inline int gazette_vips_scaled_webp(void *buffer, size_t length, int width, int quality, void **out, size_t *outLength) {
    const GazetteVips *v = gazette_vips_table();
    if (!v) return -1;
    VipsImage *scaled = NULL;
    if (v->thumbnail_buffer(buffer, length, &scaled, width, "height", 100000, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=error", NULL) != 0)
        return -1;
    int status = v->webpsave_buffer(scaled, out, outLength, "Q", quality, "strip", TRUE, "effort", 4, NULL);
    g_object_unref(scaled);
    return status;
}

// The plain calls Swift makes, through the table: 0, NULL or nothing when libvips is missing
// (callers have started it first, so they never see that).

static inline int gazette_vips_width(const VipsImage *image) {
    const GazetteVips *v = gazette_vips_table();
    return v ? v->image_get_width(image) : 0;
}

static inline int gazette_vips_height(const VipsImage *image) {
    const GazetteVips *v = gazette_vips_table();
    return v ? v->image_get_height(image) : 0;
}

static inline void gazette_vips_error_clear(void) {
    const GazetteVips *v = gazette_vips_table();
    if (v) v->error_clear();
}

static inline void *gazette_vips_write_to_memory(VipsImage *image, size_t *size) {
    const GazetteVips *v = gazette_vips_table();
    return v ? v->image_write_to_memory(image, size) : NULL;
}

static inline const char *gazette_vips_find_loader(const void *buffer, size_t length) {
    const GazetteVips *v = gazette_vips_table();
    return v ? v->foreign_find_load_buffer(buffer, length) : NULL;
}
