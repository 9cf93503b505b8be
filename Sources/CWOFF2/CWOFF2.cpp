#include "CWOFF2.h"

#include <sys/mman.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include <brotli/decode.h>
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

// libwoff2's whole encoding at `quality`, its stderr quieted, one at a time.
bool convert_quietly(const uint8_t *ttf, size_t length, int quality, int transform, uint8_t *result, size_t *result_length) {
    std::lock_guard<std::mutex> guard(quiet_lock);
    QuietStderr quiet;
    try {
        woff2::WOFF2Params params;
        params.brotli_quality = quality;
        params.allow_transforms = transform != 0;
        return woff2::ConvertTTFToWOFF2(ttf, length, result, result_length, params);
    } catch (...) {
        return false;
    }
}
}  // namespace

// Brotli's encoder allocates its hash table afresh for every call: 32 MB at qualities 7 to 9
// for any input, mapped anew by malloc each time (it is over glibc's largest mmap threshold) and
// touched page by page, so encoding a 10 KB font slice cost more in page faults than in
// compressing. Encoders here allocate from arenas that keep their pages between calls, each a
// mapping of which only the touched pages are resident, all unmapped by
// `gazette_woff2_release_scratch`. Allocation is a bump (Brotli frees little within a call); what
// does not fit goes to malloc. Encodings with the large table take turns on one arena, so the
// process never holds two of them (as it did not when libwoff2 compressed under its lock); the
// small ones (pages' own fonts, quality 5: 1 MB) have an arena per thread encoding at once.
namespace {
constexpr size_t kArenaCapacity = size_t(96) << 20;

struct Arena {
    uint8_t *base;
    size_t used;
};

std::mutex arena_lock;
std::vector<Arena *> idle_arenas;
std::mutex large_table_lock;
Arena *large_table_arena = nullptr;

Arena *map_arena() {
    void *base = mmap(nullptr, kArenaCapacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) return nullptr;
    return new Arena{static_cast<uint8_t *>(base), 0};
}

Arena *take_arena() {
    {
        std::lock_guard<std::mutex> guard(arena_lock);
        if (!idle_arenas.empty()) {
            Arena *arena = idle_arenas.back();
            idle_arenas.pop_back();
            return arena;
        }
    }
    return map_arena();
}

void give_arena(Arena *arena) {
    arena->used = 0;
    std::lock_guard<std::mutex> guard(arena_lock);
    idle_arenas.push_back(arena);
}

void *arena_alloc(void *opaque, size_t size) {
    Arena *arena = static_cast<Arena *>(opaque);
    size_t at = (arena->used + 63) & ~size_t(63);
    if (size <= kArenaCapacity && at <= kArenaCapacity - size) {
        arena->used = at + size;
        return arena->base + at;
    }
    return std::malloc(size);
}

void arena_free(void *opaque, void *address) {
    Arena *arena = static_cast<Arena *>(opaque);
    uint8_t *byte = static_cast<uint8_t *>(address);
    if (byte && (byte < arena->base || byte >= arena->base + kArenaCapacity)) std::free(address);
}

// What `BrotliEncoderCompress` does at qualities up to 9 (the same encoder, parameters and
// calls: the same bytes), with the encoder's memory from an arena. Its own one-shot path
// handles the rest: quality 10 and 11, an empty input, and a stream that would come out larger
// than the input stored (which it stores).
int compress_in(Arena *arena, const uint8_t *input, size_t length, int quality, uint8_t *result, size_t *result_length) {
    size_t limit = BrotliEncoderMaxCompressedSize(length);
    BrotliEncoderState *state = BrotliEncoderCreateInstance(arena_alloc, arena_free, arena);
    if (!state) return 0;
    size_t available_in = length, available_out = *result_length, total_out = 0;
    const uint8_t *next_in = input;
    uint8_t *next_out = result;
    BrotliEncoderSetParameter(state, BROTLI_PARAM_QUALITY, static_cast<uint32_t>(quality));
    BrotliEncoderSetParameter(state, BROTLI_PARAM_LGWIN, BROTLI_DEFAULT_WINDOW);
    BrotliEncoderSetParameter(state, BROTLI_PARAM_MODE, BROTLI_MODE_FONT);
    BrotliEncoderSetParameter(state, BROTLI_PARAM_SIZE_HINT, static_cast<uint32_t>(length));
    BROTLI_BOOL ok = BrotliEncoderCompressStream(state, BROTLI_OPERATION_FINISH, &available_in, &next_in, &available_out, &next_out, &total_out);
    if (!BrotliEncoderIsFinished(state)) ok = BROTLI_FALSE;
    BrotliEncoderDestroyInstance(state);
    arena->used = 0;
    if (!ok || (limit && total_out > limit)) return 0;
    *result_length = total_out;
    return 1;
}

// What `BrotliEncoderCompress` does at qualities up to 9 (the same encoder, parameters and
// calls: the same bytes), with the encoder's memory from an arena. Its own one-shot path
// handles the rest: quality 10 and 11, an empty input, and a stream that would come out larger
// than the input stored (which it stores).
int compress(const uint8_t *input, size_t length, int quality, uint8_t *result, size_t *result_length) {
    if (quality <= 9 && length > 0 && *result_length > 0) {
        if (quality >= 7) {
            std::lock_guard<std::mutex> guard(large_table_lock);
            if (!large_table_arena) large_table_arena = map_arena();
            if (large_table_arena && compress_in(large_table_arena, input, length, quality, result, result_length)) return 1;
        } else if (Arena *arena = take_arena()) {
            int made = compress_in(arena, input, length, quality, result, result_length);
            give_arena(arena);
            if (made) return 1;
        }
    }
    return BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_FONT, length, input, result_length, result) == BROTLI_TRUE ? 1 : 0;
}

uint32_t read32(const uint8_t *at) { return uint32_t(at[0]) << 24 | uint32_t(at[1]) << 16 | uint32_t(at[2]) << 8 | at[3]; }

void write32(uint8_t *at, uint32_t value) {
    at[0] = uint8_t(value >> 24);
    at[1] = uint8_t(value >> 16);
    at[2] = uint8_t(value >> 8);
    at[3] = uint8_t(value);
}

// Where the compressed stream of a WOFF2 file libwoff2 wrote starts: after the 48-byte header
// and the table directory (a flags byte, a tag unless the flags name a known one, the original
// length and, where the table is transformed, the transformed length, both UIntBase128). Zero
// for a collection or a file that does not parse.
size_t stream_offset(const uint8_t *file, size_t length) {
    if (length < 48 || read32(file + 4) == 0x74746366) return 0;  // 'ttcf'
    size_t tables = size_t(file[12]) << 8 | file[13], at = 48;
    auto base128 = [&](size_t &cursor) -> bool {
        for (int i = 0; i < 5; i++) {
            if (cursor >= length) return false;
            if (!(file[cursor++] & 0x80)) return true;
        }
        return false;
    };
    for (size_t table = 0; table < tables; table++) {
        if (at >= length) return 0;
        uint8_t flags = file[at++];
        uint32_t tag = 0;
        if ((flags & 0x3f) == 0x3f) {
            if (at + 4 > length) return 0;
            tag = read32(file + at);
            at += 4;
        }
        bool glyf_or_loca = (flags & 0x3f) == 10 || (flags & 0x3f) == 11 || tag == 0x676c7966 || tag == 0x6c6f6361;
        uint8_t version = flags >> 6;
        if (!base128(at)) return 0;
        if (glyf_or_loca ? version == 0 : version != 0) {
            if (!base128(at)) return 0;
        }
    }
    return at;
}
}  // namespace

extern "C" void gazette_woff2_release_scratch(void) {
    std::vector<Arena *> released;
    {
        std::lock_guard<std::mutex> guard(large_table_lock);
        if (large_table_arena) released.push_back(large_table_arena);
        large_table_arena = nullptr;
    }
    {
        std::lock_guard<std::mutex> guard(arena_lock);
        released.insert(released.end(), idle_arenas.begin(), idle_arenas.end());
        idle_arenas.clear();
    }
    for (Arena *arena : released) {
        munmap(arena->base, kArenaCapacity);
        delete arena;
    }
}

// libwoff2 transforms the tables and writes the file at Brotli's quality 0, its stderr quieted
// under the lock; the stream is then decompressed and compressed again at `quality` (what
// libwoff2 would have written: the same call with the same parameters), outside the lock, with
// the arena, and put in its place.
extern "C" int gazette_woff2_encode(const uint8_t *ttf, size_t length, int quality, int transform,
                                    uint8_t *result, size_t *result_length) {
    size_t capacity = *result_length;
    if (!convert_quietly(ttf, length, quality <= 9 ? 0 : quality, transform, result, result_length)) return 0;
    if (quality > 9 || quality == 0) return 1;
    size_t written = *result_length, start = stream_offset(result, written);
    if (start == 0 || written < 24) return 0;
    size_t compressed = read32(result + 20);
    if (start + compressed > written) return 0;
    // The tables take at most the font's size (`totalSfntSize`) and a transformed `glyf` less;
    // a larger buffer is tried if ever they do not fit.
    std::vector<uint8_t> tables;
    size_t decoded = 0;
    for (size_t size = size_t(read32(result + 16)) + 4096; size <= (size_t(256) << 20); size *= 2) {
        tables.resize(size);
        decoded = size;
        BrotliDecoderResult status = BrotliDecoderDecompress(compressed, result + start, &decoded, tables.data());
        if (status == BROTLI_DECODER_RESULT_SUCCESS) break;
        if (status != BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) return 0;
        decoded = 0;
    }
    if (decoded == 0) return 0;
    size_t made = capacity > start ? capacity - start : 0;
    if (!compress(tables.data(), decoded, quality, result + start, &made)) return 0;
    size_t end = start + made, padded = (end + 3) & ~size_t(3);
    if (padded > capacity) return 0;
    std::memset(result + end, 0, padded - end);
    write32(result + 8, uint32_t(padded));
    write32(result + 20, uint32_t(made));
    *result_length = padded;
    return 1;
}

// libwoff2 alone, at the quality asked: what `gazette_woff2_encode` must equal byte for byte
// (its tests hold it to this).
extern "C" int gazette_woff2_encode_reference(const uint8_t *ttf, size_t length, int quality, int transform,
                                              uint8_t *result, size_t *result_length) {
    return convert_quietly(ttf, length, quality, transform, result, result_length) ? 1 : 0;
}

// Brotli's own one-shot call, for the same comparison of `gazette_woff2_compress_stream`.
extern "C" int gazette_woff2_compress_stream_reference(const uint8_t *tables, size_t length, int quality,
                                                       uint8_t *result, size_t *result_length) {
    return BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_FONT, length, tables, result_length, result) == BROTLI_TRUE ? 1 : 0;
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

extern "C" uint32_t gazette_brotli_encoder_version(void) { return BrotliEncoderVersion(); }

extern "C" int gazette_woff2_compress_stream(const uint8_t *tables, size_t length, int quality,
                                             uint8_t *result, size_t *result_length) {
    return compress(tables, length, quality, result, result_length);
}
