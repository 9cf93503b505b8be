// Pango, cairo (its PDF surface) and fontconfig for Gazette's `Typesetting`, the only target that
// includes this header, with the HarfBuzz Pango's headers include.
//
// Pango and cairo are opened when a packet is first typeset (`dlopen`), not linked: with
// fontconfig and the libraries they pull in (pixman, libpng, X11's, fribidi, thai…) they were 25
// of the 68 libraries every command loaded at start-up, about 5 ms of it, and only packets use
// them (`gazette pdf`, a build with packets). The headers give the types; each function Gazette
// calls is a field of one table (`GazettePangoCairo`), named as the function and typed by its
// declaration, filled once from the libraries. GLib, GObject and HarfBuzz stay linked: other
// targets link them too.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo/cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>

/// Every Pango, cairo and fontconfig function Gazette calls. A function added to Typesetting is
/// added here, or the link fails on its name (the libraries are not linked).
#define GAZETTE_PANGOCAIRO_FUNCTIONS(X) \
    X(pango_cairo_context_set_font_options) \
    X(pango_cairo_context_set_resolution) \
    X(pango_cairo_font_get_scaled_font) \
    X(pango_cairo_font_map_new_for_font_type) \
    X(pango_cairo_show_layout_line) \
    X(pango_fc_font_map_set_config) \
    X(pango_attr_background_new) \
    X(pango_attr_font_desc_new) \
    X(pango_attr_foreground_new) \
    X(pango_attr_insert_hyphens_new) \
    X(pango_attr_list_insert) \
    X(pango_attr_list_new) \
    X(pango_attr_list_unref) \
    X(pango_attr_strikethrough_new) \
    X(pango_attr_underline_new) \
    X(pango_attr_word_new) \
    X(pango_context_get_font_description) \
    X(pango_context_get_font_map) \
    X(pango_context_get_language) \
    X(pango_context_set_round_glyph_positions) \
    X(pango_default_break) \
    X(pango_font_description_copy) \
    X(pango_font_description_free) \
    X(pango_font_description_merge) \
    X(pango_font_description_new) \
    X(pango_font_description_set_absolute_size) \
    X(pango_font_description_set_family) \
    X(pango_font_description_set_style) \
    X(pango_font_description_set_weight) \
    X(pango_font_get_features) \
    X(pango_font_get_hb_font) \
    X(pango_font_has_char) \
    X(pango_font_map_create_context) \
    X(pango_font_map_load_fontset) \
    X(pango_fontset_foreach) \
    X(pango_get_log_attrs) \
    X(pango_glyph_item_get_logical_widths) \
    X(pango_glyph_string_extents_range) \
    X(pango_glyph_string_free) \
    X(pango_glyph_string_new) \
    X(pango_glyph_string_set_size) \
    X(pango_item_free) \
    X(pango_item_new) \
    X(pango_itemize) \
    X(pango_language_from_string) \
    X(pango_language_get_default) \
    X(pango_language_includes_script) \
    X(pango_language_to_string) \
    X(pango_layout_get_iter) \
    X(pango_layout_get_log_attrs_readonly) \
    X(pango_layout_get_text) \
    X(pango_layout_iter_free) \
    X(pango_layout_iter_get_baseline) \
    X(pango_layout_iter_get_line_extents) \
    X(pango_layout_iter_get_line_readonly) \
    X(pango_layout_iter_get_run_readonly) \
    X(pango_layout_iter_next_line) \
    X(pango_layout_iter_next_run) \
    X(pango_layout_line_index_to_x) \
    X(pango_layout_new) \
    X(pango_layout_set_alignment) \
    X(pango_layout_set_attributes) \
    X(pango_layout_set_font_description) \
    X(pango_layout_set_text) \
    X(pango_layout_set_width) \
    X(pango_layout_set_wrap) \
    X(pango_script_get_sample_language) \
    X(pango_script_iter_free) \
    X(pango_script_iter_get_range) \
    X(pango_script_iter_new) \
    X(pango_script_iter_next) \
    X(pango_shape_item) \
    X(cairo_create) \
    X(cairo_destroy) \
    X(cairo_fill) \
    X(cairo_font_options_create) \
    X(cairo_font_options_destroy) \
    X(cairo_font_options_set_antialias) \
    X(cairo_font_options_set_hint_metrics) \
    X(cairo_font_options_set_hint_style) \
    X(cairo_format_stride_for_width) \
    X(cairo_get_source) \
    X(cairo_image_surface_create) \
    X(cairo_image_surface_get_data) \
    X(cairo_line_to) \
    X(cairo_move_to) \
    X(cairo_paint) \
    X(cairo_pattern_set_filter) \
    X(cairo_pdf_surface_add_outline) \
    X(cairo_pdf_surface_create_for_stream) \
    X(cairo_pdf_surface_set_metadata) \
    X(cairo_recording_surface_create) \
    X(cairo_rectangle) \
    X(cairo_restore) \
    X(cairo_save) \
    X(cairo_scale) \
    X(cairo_scaled_font_get_font_matrix) \
    X(cairo_set_line_cap) \
    X(cairo_set_line_join) \
    X(cairo_set_line_width) \
    X(cairo_set_scaled_font) \
    X(cairo_set_source_rgb) \
    X(cairo_set_source_surface) \
    X(cairo_show_page) \
    X(cairo_show_text_glyphs) \
    X(cairo_status_to_string) \
    X(cairo_stroke) \
    X(cairo_surface_destroy) \
    X(cairo_surface_finish) \
    X(cairo_surface_flush) \
    X(cairo_surface_mark_dirty) \
    X(cairo_surface_status) \
    X(cairo_tag_begin) \
    X(cairo_tag_end) \
    X(cairo_translate) \
    X(FcConfigAppFontAddFile) \
    X(FcConfigCreate) \
    X(FcConfigDestroy) \
    X(FcConfigGetFonts) \
    X(FcConfigParseAndLoadFromMemory) \
    X(FcPatternGetString)

/// The functions, each a field of the function's own type and name: Swift calls
/// `pangoCairo.pango_layout_new(context)` where it called `pango_layout_new(context)`.
typedef struct {
#define GAZETTE_PANGOCAIRO_FIELD(name) __typeof__(name) *_Nonnull name;
    GAZETTE_PANGOCAIRO_FUNCTIONS(GAZETTE_PANGOCAIRO_FIELD)
#undef GAZETTE_PANGOCAIRO_FIELD
} GazettePangoCairo;

/// What every field holds when the libraries could not be opened: Typesetting checks
/// `gazette_pangocairo_table` before its first call and reports the missing package itself, so
/// this only stops a call that check missed, with a message instead of a jump to address zero.
static void gazette_pangocairo_missing(void) {
    fputs("gazette: Pango and cairo are not installed (apt-get install libpangocairo-1.0-0)\n", stderr);
    abort();
}

/// The table, filled from the libraries (`ok` 1) or with `gazette_pangocairo_missing` (`ok` 0).
/// The soname is Debian 12's libpangocairo-1.0-0, which brings Pango, pangoft2, cairo and
/// fontconfig; the package names them as dependencies itself.
static inline GazettePangoCairo gazette_pangocairo_open(int *_Nonnull ok) {
    GazettePangoCairo table;
    void *library = dlopen("libpangocairo-1.0.so.0", RTLD_NOW | RTLD_LOCAL);
    int found = library != NULL;
#define GAZETTE_PANGOCAIRO_FIND(name) \
    if (found && !(*(void **)&table.name = dlsym(library, #name))) found = 0;
    GAZETTE_PANGOCAIRO_FUNCTIONS(GAZETTE_PANGOCAIRO_FIND)
#undef GAZETTE_PANGOCAIRO_FIND
    if (!found) {
#define GAZETTE_PANGOCAIRO_STUB(name) *(void **)&table.name = (void *)gazette_pangocairo_missing;
        GAZETTE_PANGOCAIRO_FUNCTIONS(GAZETTE_PANGOCAIRO_STUB)
#undef GAZETTE_PANGOCAIRO_STUB
    }
    *ok = found;
    return table;
}
