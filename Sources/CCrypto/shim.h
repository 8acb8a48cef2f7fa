// OpenSSL 3's libcrypto (Debian's libssl-dev; only libcrypto is linked): the EVP digest API
// for SHA-256. Imported by one Swift file, Support/SHA256.swift.
#include <openssl/evp.h>
