// Google's WOFF2 encoder and decoder (Debian libwoff-dev, a C++ library) behind a C face, so
// Swift needs no C++ interop. TextLayout's `WOFF2` is the only caller.
#ifndef GAZETTE_CWOFF2_H
#define GAZETTE_CWOFF2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The largest WOFF2 file `gazette_woff2_encode` can make of `length` bytes of TTF.
size_t gazette_woff2_max_size(const uint8_t *ttf, size_t length);

/// Encodes a TrueType/OpenType font as WOFF2 (Brotli at `quality` 0–11, glyf/loca transformed
/// when `transform` is non-zero). `*result_length` holds the buffer's size on entry and the
/// file's length on return. Returns 1 on success, 0 when the library refuses the font.
int gazette_woff2_encode(const uint8_t *ttf, size_t length, int quality, int transform,
                         uint8_t *result, size_t *result_length);

/// The largest stream `gazette_woff2_compress_stream` can make of `length` bytes.
size_t gazette_woff2_stream_max_size(size_t length);

/// The version of the Brotli encoder linked (`BrotliEncoderVersion`: major << 24 | minor << 12 | patch).
uint32_t gazette_brotli_encoder_version(void);

/// A WOFF2 file's compressed stream: `length` bytes of font tables compressed with Brotli in font
/// mode at `quality`, the window WOFF2's encoder uses. Thread-safe and silent (unlike
/// `gazette_woff2_encode`, which takes a lock to quiet the library's message).
/// `*result_length` holds the buffer's size on entry and the stream's on return. Returns 1 on
/// success.
int gazette_woff2_compress_stream(const uint8_t *tables, size_t length, int quality,
                                  uint8_t *result, size_t *result_length);

/// The size of the TTF a WOFF2 file decodes to (0 when it is not WOFF2).
void gazette_woff2_release_scratch(void);

int gazette_woff2_encode_reference(const uint8_t *ttf, size_t length, int quality, int transform,
                                   uint8_t *result, size_t *result_length);

int gazette_woff2_compress_stream_reference(const uint8_t *tables, size_t length, int quality,
                                            uint8_t *result, size_t *result_length);

size_t gazette_woff2_decoded_size(const uint8_t *woff2, size_t length);

/// Decodes WOFF2 into `result` (`result_length` bytes, from `gazette_woff2_decoded_size`).
/// Returns the decoded length, or 0 on failure.
size_t gazette_woff2_decode(const uint8_t *woff2, size_t length, uint8_t *result, size_t result_length);

#ifdef __cplusplus
}
#endif

#endif
