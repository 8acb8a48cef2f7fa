#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

/// Swaps the two paths in one atomic step (Linux renameat2 with RENAME_EXCHANGE): both must
/// exist, on the same file system. Returns 0, or -1 with errno set (EINVAL or ENOSYS where
/// the file system or kernel cannot exchange; the caller falls back to two renames).
int cfs_exchange(const char *first, const char *second);

#endif
