#define _GNU_SOURCE
#include "cfilesystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)  // linux/fs.h; glibc's stdio.h defines it with _GNU_SOURCE
#endif

int cfs_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
    // The system call rather than glibc's wrapper, which needs glibc 2.28; Debian 12 has both.
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
