// SHA-256 (FIPS 180-4), wholly in C: a portable compression function and, on x86-64 CPUs with
// the SHA extensions, one on those, chosen at run time. Both give the same digest. Nothing here
// allocates, prints or exits. Imported by one Swift file, SHA256.swift.
#ifndef CSHA256_H
#define CSHA256_H
#include <stddef.h>
#include <stdint.h>

/// A hash in progress: plain data, no pointers, so it can be copied and moved freely. Only
/// cs_sha256_* calls change it.
typedef struct {
    uint32_t state[8];
    /// Bytes fed so far.
    uint64_t length;
    /// The start of a block that is not complete yet: `buffered` bytes.
    uint8_t buffer[64];
    uint32_t buffered;
    /// 1 when the blocks go through the SHA extensions, 0 for the portable code.
    int hardware;
} cs_sha256;

/// 1 when this CPU has the SHA extensions (and SSE4.1) that the hardware path needs.
int cs_sha256_has_hardware(void);

/// Starts a hash, on the SHA extensions where cs_sha256_has_hardware() says so.
void cs_sha256_init(cs_sha256 *hash);

/// Starts a hash that uses the portable code on every CPU (for the tests that compare the two
/// paths, and that check the portable one on a CPU with SHA extensions).
void cs_sha256_init_portable(cs_sha256 *hash);

/// Feeds `size` bytes (data may be NULL when size is 0).
void cs_sha256_update(cs_sha256 *hash, const uint8_t *data, size_t size);

/// Pads, writes the 32-byte digest and leaves `hash` finished: start it again before reuse.
void cs_sha256_final(cs_sha256 *hash, uint8_t digest[32]);
#endif
