#include <malloc.h>

#include "cimagecodecs.h"

void cc_return_large_buffers_to_system(size_t threshold) {
    mallopt(M_MMAP_THRESHOLD, (int)threshold);
}
