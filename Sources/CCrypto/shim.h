// OpenSSL 3's libcrypto (Debian's libssl-dev; only libcrypto is linked): the EVP digest API
// for SHA-256 and HMAC-SHA256, AES-256-GCM through EVP_CIPHER, PBKDF2-HMAC-SHA256 and the CSPRNG for private
// albums. Imported by one Swift file, Support/Crypto.swift.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
