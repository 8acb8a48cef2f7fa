#include <malloc.h>

#include "cimagecodecs.h"

void cc_set_malloc_thresholds(size_t mmap_threshold, size_t trim_threshold, int arenas) {
    mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
    mallopt(M_ARENA_MAX, arenas);
}

void cc_return_free_memory(void) {
    malloc_trim(0);
}
