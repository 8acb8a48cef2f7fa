// SHA-256's compression function on the x86 SHA extensions (SHA-NI: Intel since Goldmont and
// Ice Lake, AMD since Zen): 1.19 GB/s here, about five times the portable code in sha256.c,
// which runs everywhere else. Every source photo is hashed for the derivative cache,
// so this is on the path of a cold build.
#include "csha256.h"
#include "sha256_internal.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

int cs_sha256_has_hardware(void) {
    return __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1") ? 1 : 0;
}

// The instructions keep the state as two vectors, (A B E F) and (C D G H), each two rounds
// (`sha256rnds2`) turning one into the next; `sha256msg1`/`msg2` extend the message schedule
// four words at a time.
__attribute__((target("sha,sse4.1,ssse3"))) void cs_sha256_blocks_ni(uint32_t state[8],
                                                                     const uint8_t *data,
                                                                     size_t blocks) {
    const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)state);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)(state + 4));
    __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);
    hgfe = _mm_shuffle_epi32(hgfe, 0x1B);  // now e f g h from the top
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        __m128i abef_start = abef, cdgh_start = cdgh;
        __m128i w[4];
        for (int i = 0; i < 16; i++) {
            __m128i *x = &w[i % 4];
            if (i < 4) {
                *x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), big_endian);
            } else {
                // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], for t = 4i ... 4i+3.
                __m128i y = w[(i + 1) % 4], z = w[(i + 2) % 4], v = w[(i + 3) % 4];
                *x = _mm_sha256msg2_epu32(
                    _mm_add_epi32(_mm_sha256msg1_epu32(*x, y), _mm_alignr_epi8(v, z, 4)), v);
            }
            __m128i k = _mm_add_epi32(*x, _mm_loadu_si128((const __m128i *)(cs_sha256_k + 4 * i)));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, k);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(k, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_start);
        cdgh = _mm_add_epi32(cdgh, cdgh_start);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)state, _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_alignr_epi8(dchg, feba, 8));
}
#else
int cs_sha256_has_hardware(void) { return 0; }

void cs_sha256_blocks_ni(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}
#endif
