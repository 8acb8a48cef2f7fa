#ifndef CCODECS_H
#define CCODECS_H
#include <stddef.h>
#include <stdint.h>
#endif
