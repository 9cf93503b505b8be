#include "CWOFF2.h"

#include <cstdio>
#include <mutex>

#include <brotli/encode.h>
#include <woff2/decode.h>
#include <woff2/encode.h>
#include <woff2/output.h>

extern "C" size_t gazette_woff2_max_size(const uint8_t *ttf, size_t length) {
    return woff2::MaxWOFF2CompressedSize(ttf, length);
}

// Debian's libwoff2enc prints "Compressed N to M." on stderr for every font it encodes. While it
// encodes, the C library's `stderr` stream points at /dev/null (file descriptor 2 is left alone,
// so Swift's own messages are never lost); encodings take turns.
static std::mutex quiet_lock;

namespace {
struct QuietStderr {
    FILE *saved;
    FILE *sink;
    QuietStderr() : saved(stderr), sink(std::fopen("/dev/null", "w")) {
        if (sink) stderr = sink;
    }
    ~QuietStderr() {
        stderr = saved;
        if (sink) std::fclose(sink);
    }
};
}  // namespace

extern "C" int gazette_woff2_encode(const uint8_t *ttf, size_t length, int quality, int transform,
                                    uint8_t *result, size_t *result_length) {
    std::lock_guard<std::mutex> guard(quiet_lock);
    QuietStderr quiet;
    try {
        woff2::WOFF2Params params;
        params.brotli_quality = quality;
        params.allow_transforms = transform != 0;
        return woff2::ConvertTTFToWOFF2(ttf, length, result, result_length, params) ? 1 : 0;
    } catch (...) {
        return 0;
    }
}

extern "C" size_t gazette_woff2_decoded_size(const uint8_t *woff2, size_t length) {
    return woff2::ComputeWOFF2FinalSize(woff2, length);
}

extern "C" size_t gazette_woff2_decode(const uint8_t *woff2, size_t length, uint8_t *result, size_t result_length) {
    try {
        woff2::WOFF2MemoryOut out(result, result_length);
        if (!woff2::ConvertWOFF2ToTTF(woff2, length, &out)) return 0;
        return out.Size();
    } catch (...) {
        return 0;
    }
}

extern "C" size_t gazette_woff2_stream_max_size(size_t length) {
    return BrotliEncoderMaxCompressedSize(length);
}

extern "C" int gazette_woff2_compress_stream(const uint8_t *tables, size_t length, int quality,
                                             uint8_t *result, size_t *result_length) {
    return BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_FONT, length, tables,
                                 result_length, result) == BROTLI_TRUE ? 1 : 0;
}
