// Shared by the two compression functions (sha256.c, sha256_ni.c). Internal to CSHA256.
#ifndef CS_SHA256_INTERNAL_H
#define CS_SHA256_INTERNAL_H
#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants (FIPS 180-4, 4.2.2), for both implementations.
extern const uint32_t cs_sha256_k[64];

/// The compression function over `blocks` consecutive 64-byte blocks, updating the eight state
/// words (A ... H): portable C.
void cs_sha256_blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks);

/// The same on the SHA extensions: only where cs_sha256_has_hardware() says so; does nothing
/// on other architectures.
void cs_sha256_blocks_ni(uint32_t state[8], const uint8_t *data, size_t blocks);
#endif
