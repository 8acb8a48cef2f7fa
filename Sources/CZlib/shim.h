#include <zlib.h>

// inflateInit is a macro (inflateInit_ with the header's version and sizeof(z_stream)), which
// Swift does not import.
static inline int czlib_inflate_init(z_streamp stream) { return inflateInit(stream); }
