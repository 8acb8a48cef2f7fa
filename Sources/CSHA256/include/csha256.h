// SHA-256 (FIPS 180-4) on the x86 SHA extensions. Nothing here allocates, prints or exits.
// Imported by one Swift file, SHA256.swift.
#ifndef CSHA256_H
#define CSHA256_H
#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants (FIPS 180-4, 4.2.2), for both implementations.
const uint32_t *cs_sha256_round_constants(void);

/// 1 when this CPU has the SHA extensions that cs_sha256_blocks needs.
int cs_sha256_has_hardware(void);

/// SHA-256's compression function over `blocks` consecutive 64-byte blocks, updating the eight
/// state words (A ... H). Only where cs_sha256_has_hardware() says so; does nothing elsewhere.
void cs_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
