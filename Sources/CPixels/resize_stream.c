// The Lanczos-3 resampler for RGB and RGBA. Each 8-bit sample becomes a 15-bit one through a
// table, both passes run on those with 14-bit weights, and a 32 K-entry table maps the result
// back to bytes. For RGB the tables go through linear light: averaging light rather than sRGB
// code values keeps fine bright detail (foliage against the sky, text) from darkening when it
// is scaled down. RGBA (premultiplied in sRGB) and anything asked for in sRGB use tables that
// only scale (v * 32767 / 255 and back), so the same code serves both.
//
// The passes stream: for each output row, the vertical pass sums the source rows it needs
// (converted once each, kept in a ring of `taps` rows) into one row of 15-bit samples, and the
// horizontal pass turns that row into the output row at once. No intermediate image is
// allocated, and the row being resampled stays in cache.
//
// Values fit in 15 bits and weights in 16 so that, on x86-64 CPUs with AVX2, both passes run
// on `vpmaddwd` (two 16 x 16-bit products summed into 32 bits, sixteen at a time). The
// portable loops below compute exactly the same integer sums, so a photo gives the same bytes
// whichever path runs; `px_resize_set_simd` switches the fast path off for the test that
// checks this.
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cpixels.h"
#include "resize_kernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define PX_HAVE_AVX2_PATH 1
#endif

#define PX_WEIGHT_BITS 14
#define PX_SAMPLE_MAX 32767
// Samples a SIMD step reads past the last one it uses (rows are padded with zeros by this).
#define PX_ROW_SLACK 32

/// How bytes become 15-bit samples and back.
typedef struct {
    uint16_t in[256];
    uint8_t out[PX_SAMPLE_MAX + 1];
} px_transfer;

static px_transfer px_linear_light, px_as_stored;
static pthread_once_t px_tables_once = PTHREAD_ONCE_INIT;
static atomic_int px_simd_allowed = 1;

static void px_make_tables(void) {
    for (int i = 0; i < 256; i++) {
        double s = i / 255.0;
        double l = s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
        px_linear_light.in[i] = (uint16_t)lround(l * PX_SAMPLE_MAX);
        px_as_stored.in[i] = (uint16_t)lround(s * PX_SAMPLE_MAX);
    }
    for (int i = 0; i <= PX_SAMPLE_MAX; i++) {
        double l = (double)i / PX_SAMPLE_MAX;
        double s = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
        px_linear_light.out[i] = (uint8_t)lround(s * 255.0);
        px_as_stored.out[i] = (uint8_t)lround(l * 255.0);
    }
}

int px_resize_set_simd(int enabled) { return atomic_exchange(&px_simd_allowed, enabled != 0); }

int px_resize_has_simd(void) {
#ifdef PX_HAVE_AVX2_PATH
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

static inline int32_t px_round_clip(int32_t v) {
    v = (v + (1 << (PX_WEIGHT_BITS - 1))) >> PX_WEIGHT_BITS;
    return v < 0 ? 0 : (v > PX_SAMPLE_MAX ? PX_SAMPLE_MAX : v);
}

/// The kernel's weights as 16-bit integers, `padded` per output index (a multiple of 4, the
/// extra weights zero), which is what `vpmaddwd` multiplies by.
typedef struct {
    const int *start;
    const int *count;
    int16_t *weights;
    int padded;
} px_kernel16;

static int px_kernel16_make(const px_kernel *k, int out, px_kernel16 *k16) {
    k16->start = k->start;
    k16->count = k->count;
    k16->padded = (k->taps + 3) & ~3;
    k16->weights = calloc((size_t)out * k16->padded, sizeof(int16_t));
    if (!k16->weights) return PX_ERR_NO_MEMORY;
    for (int i = 0; i < out; i++)
        for (int t = 0; t < k->count[i]; t++)
            k16->weights[(size_t)i * k16->padded + t] = (int16_t)k->weights[(size_t)i * k->taps + t];
    return PX_OK;
}

// MARK: Portable passes

// Bytes to samples, four per store where the byte order allows (the loop is bound by stores
// otherwise).
static void px_convert_row(const uint8_t *in, size_t values, const uint16_t *table, uint16_t *out) {
    size_t i = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 4 <= values; i += 4) {
        uint64_t four = (uint64_t)table[in[i]] | (uint64_t)table[in[i + 1]] << 16 |
                        (uint64_t)table[in[i + 2]] << 32 | (uint64_t)table[in[i + 3]] << 48;
        memcpy(out + i, &four, sizeof four);
    }
#endif
    for (; i < values; i++) out[i] = table[in[i]];
}

// A row at a time, in blocks whose sums stay in registers; the compiler vectorises the inner
// loop for the baseline instruction set.
static void px_vertical_portable(const uint16_t *const *rows, const int16_t *w, int n,
                                 size_t values, uint16_t *out) {
    enum { block = 64 };
    int32_t sum[block];
    for (size_t i = 0; i < values; i += block) {
        size_t m = values - i < block ? values - i : block;
        for (size_t j = 0; j < m; j++) sum[j] = 0;
        for (int t = 0; t < n; t++) {
            const uint16_t *row = rows[t] + i;
            int32_t wt = w[t];
            for (size_t j = 0; j < m; j++) sum[j] += row[j] * wt;
        }
        for (size_t j = 0; j < m; j++) out[i + j] = (uint16_t)px_round_clip(sum[j]);
    }
}

// Inlined into each caller with a constant `ch`, so the channel loops unroll.
static inline __attribute__((always_inline)) void px_horizontal_portable_n(
    const uint16_t *row, int ch, const px_kernel16 *k, int dw, const uint8_t *table,
    uint8_t *out) {
    for (int x = 0; x < dw; x++, out += ch) {
        const int16_t *w = k->weights + (size_t)x * k->padded;
        const uint16_t *p = row + (size_t)k->start[x] * ch;
        int32_t sum[4] = {0, 0, 0, 0};
        for (int t = 0; t < k->count[x]; t++, p += ch)
            for (int c = 0; c < ch; c++) sum[c] += p[c] * w[t];
        for (int c = 0; c < ch; c++) out[c] = table[px_round_clip(sum[c])];
    }
}

static void px_horizontal_portable(const uint16_t *row, int ch, const px_kernel16 *k, int dw,
                                   const uint8_t *table, uint8_t *out) {
    if (ch == 3)
        px_horizontal_portable_n(row, 3, k, dw, table, out);
    else
        px_horizontal_portable_n(row, 4, k, dw, table, out);
}

// MARK: AVX2 passes

#ifdef PX_HAVE_AVX2_PATH
__attribute__((target("avx2"))) static inline __m256i px_finish16(__m256i lo, __m256i hi) {
    const __m256i half = _mm256_set1_epi32(1 << (PX_WEIGHT_BITS - 1));
    lo = _mm256_srai_epi32(_mm256_add_epi32(lo, half), PX_WEIGHT_BITS);
    hi = _mm256_srai_epi32(_mm256_add_epi32(hi, half), PX_WEIGHT_BITS);
    // packus clamps at 0 and, per 128-bit lane, undoes the interleaving of unpacklo/hi.
    return _mm256_min_epu16(_mm256_packus_epi32(lo, hi), _mm256_set1_epi16(PX_SAMPLE_MAX));
}

// Sixteen samples at a time, two source rows per `vpmaddwd`. `values` is rounded up to 16:
// rows and `out` are padded.
__attribute__((target("avx2"))) static void px_vertical_avx2(const uint16_t *const *rows,
                                                             const int16_t *w, int n,
                                                             size_t values, uint16_t *out) {
    for (size_t i = 0; i < values; i += 16) {
        __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
        int t = 0;
        for (; t + 1 < n; t += 2) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(rows[t] + i));
            __m256i b = _mm256_loadu_si256((const __m256i *)(rows[t + 1] + i));
            __m256i pair = _mm256_set1_epi32((int32_t)(((uint32_t)(uint16_t)w[t + 1] << 16) |
                                                       (uint16_t)w[t]));
            lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, b), pair));
            hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, b), pair));
        }
        if (t < n) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(rows[t] + i));
            __m256i single = _mm256_set1_epi32((uint16_t)w[t]);
            __m256i zero = _mm256_setzero_si256();
            lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, zero), single));
            hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, zero), single));
        }
        _mm256_storeu_si256((__m256i *)(out + i), px_finish16(lo, hi));
    }
}

// The end of a horizontal step: both lanes' partial sums added, rounded, clamped, through the
// output table.
__attribute__((target("avx2"))) static inline __m128i px_finish_pixel(__m256i acc) {
    const __m128i half = _mm_set1_epi32(1 << (PX_WEIGHT_BITS - 1));
    __m128i sum = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    sum = _mm_srai_epi32(_mm_add_epi32(sum, half), PX_WEIGHT_BITS);
    return _mm_min_epi32(_mm_max_epi32(sum, _mm_setzero_si128()), _mm_set1_epi32(PX_SAMPLE_MAX));
}

// Four taps per step: pixels s, s+1 in the low lane and s+2, s+3 in the high one, shuffled to
// (r r g g b b 0 0) pairs for RGB or (r r g g b b a a) for RGBA and multiplied by (w0 w1) and
// (w2 w3). Inlined into each caller with a constant `ch`.
__attribute__((target("avx2"), always_inline)) static inline void px_horizontal_avx2_n(
    const uint16_t *row, int ch, const px_kernel16 *k, int dw, const uint8_t *table,
    uint8_t *out) {
    const __m256i shuffle =
        ch == 3 ? _mm256_setr_epi8(0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, -1, -1, -1, -1, 0, 1, 6,
                                   7, 2, 3, 8, 9, 4, 5, 10, 11, -1, -1, -1, -1)
                : _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8,
                                   9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    const __m256i spread = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    for (int x = 0; x < dw; x++, out += ch) {
        const int16_t *w = k->weights + (size_t)x * k->padded;
        const uint16_t *p = row + (size_t)k->start[x] * ch;
        __m256i acc = _mm256_setzero_si256();
        for (int t = 0; t < k->count[x]; t += 4, p += 4 * ch, w += 4) {
            __m256i px = _mm256_loadu2_m128i((const __m128i *)(p + 2 * ch), (const __m128i *)p);
            __m256i ws = _mm256_permutevar8x32_epi32(
                _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)w)), spread);
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_shuffle_epi8(px, shuffle), ws));
        }
        __m128i sum = px_finish_pixel(acc);
        out[0] = table[_mm_cvtsi128_si32(sum)];
        out[1] = table[_mm_extract_epi32(sum, 1)];
        out[2] = table[_mm_extract_epi32(sum, 2)];
        if (ch == 4) out[3] = table[_mm_extract_epi32(sum, 3)];
    }
}

__attribute__((target("avx2"))) static void px_horizontal_avx2(const uint16_t *row, int ch,
                                                               const px_kernel16 *k, int dw,
                                                               const uint8_t *table,
                                                               uint8_t *out) {
    if (ch == 3)
        px_horizontal_avx2_n(row, 3, k, dw, table, out);
    else
        px_horizontal_avx2_n(row, 4, k, dw, table, out);
}
#endif

// MARK: Driver

int px_resize_streamed(const uint8_t *src, int sw, int sh, int ch, uint8_t *dst, int dw, int dh,
                       int linear) {
    pthread_once(&px_tables_once, px_make_tables);
    const px_transfer *transfer = linear ? &px_linear_light : &px_as_stored;
    int simd = atomic_load(&px_simd_allowed) && px_resize_has_simd();
    (void)simd;  // unused where there is no SIMD path
    px_kernel kx = {0}, ky = {0};
    px_kernel16 kx16 = {0}, ky16 = {0};
    size_t values = (size_t)sw * ch;
    size_t stride = ((values + 15) & ~(size_t)15) + PX_ROW_SLACK;
    uint16_t *ring = NULL, *mid = NULL;
    const uint16_t **rows = NULL;
    int code = px_kernel_make(sh, dh, PX_WEIGHT_BITS, &ky);
    if (code == PX_OK) code = px_kernel_make(sw, dw, PX_WEIGHT_BITS, &kx);
    if (code == PX_OK) code = px_kernel16_make(&ky, dh, &ky16);
    if (code == PX_OK) code = px_kernel16_make(&kx, dw, &kx16);
    if (code == PX_OK) {
        // mid also holds the horizontal kernel's widest read past the last pixel.
        ring = calloc(stride * (size_t)ky.taps, sizeof(uint16_t));
        mid = calloc(stride + (size_t)kx16.padded * ch, sizeof(uint16_t));
        rows = malloc(sizeof(uint16_t *) * (size_t)ky.taps);
        if (!ring || !mid || !rows) code = PX_ERR_NO_MEMORY;
    }
    int converted = 0;  // source rows [0, converted) have been through the table
    for (int y = 0; code == PX_OK && y < dh; y++) {
        int first = ky.start[y], end = ky.start[y] + ky.count[y];
        if (converted < first) converted = first;
        for (; converted < end; converted++) {
            px_convert_row(src + (size_t)converted * values, values, transfer->in,
                           ring + (size_t)(converted % ky.taps) * stride);
        }
        for (int t = 0; t < ky.count[y]; t++)
            rows[t] = ring + (size_t)((first + t) % ky.taps) * stride;
        const int16_t *wy = ky16.weights + (size_t)y * ky16.padded;
        uint8_t *out = dst + (size_t)y * dw * ch;
#ifdef PX_HAVE_AVX2_PATH
        if (simd) {
            px_vertical_avx2(rows, wy, ky.count[y], values, mid);
            px_horizontal_avx2(mid, ch, &kx16, dw, transfer->out, out);
            continue;
        }
#endif
        px_vertical_portable(rows, wy, ky.count[y], values, mid);
        px_horizontal_portable(mid, ch, &kx16, dw, transfer->out, out);
    }
    free(ring);
    free(mid);
    free(rows);
    free(kx16.weights);
    free(ky16.weights);
    px_kernel_free(&kx);
    px_kernel_free(&ky);
    return code;
}
