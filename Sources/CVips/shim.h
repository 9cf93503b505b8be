// libvips for Gazette's `Imaging` target, which is the only one that includes it. Swift cannot
// call C's variadic functions, so each vips call Gazette makes is spelled out here once, with
// its options fixed.
#include <vips/vips.h>

static void gazette_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/// Starts libvips once for the process: one worker thread per image, no operation cache (it
/// would keep decoded pixels), only the loaders vips calls trusted, and its warnings (about a
/// broken image, which Gazette reports itself) kept off the terminal. 0 on success.
static inline int gazette_vips_start(void) {
    if (VIPS_INIT("gazette") != 0) return -1;
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_block_untrusted_set(TRUE);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, gazette_vips_quiet, NULL);
    return 0;
}

/// The image's header only (dimensions), read lazily: no pixel is decoded. NULL on failure.
static inline VipsImage *gazette_vips_header(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// A `width`×`height` thumbnail cropped to the centre, decoded with shrink-on-load where the
/// format has it (JPEG, WebP), failing on a truncated or broken file. 0 on success.
static inline int gazette_vips_thumbnail(void *buffer, size_t length, int width, int height, VipsImage **out) {
    return vips_thumbnail_buffer(
        buffer, length, out, width, "height", height, "size", VIPS_SIZE_BOTH, "crop", VIPS_INTERESTING_CENTRE,
        "option_string", "fail_on=error", NULL);
}

/// `image` as a baseline JPEG at `quality`, metadata stripped. The bytes are freed with g_free.
static inline int gazette_vips_jpeg(VipsImage *image, int quality, void **buffer, size_t *length) {
    return vips_jpegsave_buffer(image, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/// `image` as WebP at `quality`, metadata stripped. The bytes are freed with g_free. 0 on success.
static inline int gazette_vips_webp(VipsImage *image, int quality, void **buffer, size_t *length) {
    return vips_webpsave_buffer(image, buffer, length, "Q", quality, "strip", TRUE, "effort", 4, NULL);
}

/// A picture for print: at most `width` pixels wide (never enlarged), in sRGB with an alpha
/// band, 8 bits a sample, failing on a truncated or broken file. 0 on success.
static inline int gazette_vips_print(void *buffer, size_t length, int width, VipsImage **out) {
    VipsImage *thumb = NULL, *srgb = NULL, *withAlpha = NULL;
    if (vips_thumbnail_buffer(buffer, length, &thumb, width, "height", 100000, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=error", NULL) != 0)
        return -1;
    int status = vips_colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(thumb);
    if (status != 0) return -1;
    if (vips_image_hasalpha(srgb)) {
        withAlpha = srgb;
    } else {
        status = vips_addalpha(srgb, &withAlpha, NULL);
        g_object_unref(srgb);
        if (status != 0) return -1;
    }
    status = vips_cast_uchar(withAlpha, out, NULL);
    g_object_unref(withAlpha);
    return status;
}

/// Lets the SVG loader run, which `gazette_vips_start` blocks with every untrusted loader:
/// for pictures a site's members keep beside their journals, never for images from the web.
static inline void gazette_vips_allow_svg(void) {
    vips_operation_block_set("VipsForeignLoadSvg", FALSE);
}

/// `buffer` scaled to `width` pixels wide (never enlarged), its aspect kept, as WebP at `quality`,
/// metadata stripped. The bytes are freed with g_free. 0 on success.
static inline int gazette_vips_scaled_webp(void *buffer, size_t length, int width, int quality, void **out, size_t *outLength) {
    VipsImage *scaled = NULL;
    if (vips_thumbnail_buffer(buffer, length, &scaled, width, "height", 100000, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=error", NULL) != 0)
        return -1;
    int status = vips_webpsave_buffer(scaled, out, outLength, "Q", quality, "strip", TRUE, "effort", 4, NULL);
    g_object_unref(scaled);
    return status;
}
