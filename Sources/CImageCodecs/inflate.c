#include "cimagecodecs.h"

#include <zlib.h>

long cc_zlib_inflate(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_capacity) {
    z_stream stream = {0};
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)(in_size > UINT32_MAX ? UINT32_MAX : in_size);
    stream.next_out = out;
    stream.avail_out = (uInt)(out_capacity > UINT32_MAX ? UINT32_MAX : out_capacity);
    int status = inflate(&stream, Z_FINISH);
    long produced = (long)stream.total_out;
    inflateEnd(&stream);
    if (status == Z_STREAM_END) return produced;
    // Out of room with input left: more than the caller allows.
    if (status == Z_BUF_ERROR && stream.avail_out == 0) return -2;
    return -1;
}
