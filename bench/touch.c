/* SPDX-License-Identifier: ISC */
/*
 * touch: takes N bytes of fresh memory the way fg's large tables do
 * (anonymous, 2 MiB aligned, MADV_HUGEPAGE, as common/core/alloc.c) and writes
 * one byte in every 4 KiB, then exits. bench/service.sh times it at each
 * shape's input size: what first touches of memory cost this machine,
 * the part of a tool's time that no tool can make linear when the
 * machine's own cost is not (the "fresh memory" rows).
 * usage: touch BYTES
 */
#define _DEFAULT_SOURCE
#include <sys/mman.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define HUGE ((size_t)2 << 20)

int
main(int argc, char *argv[])
{
	unsigned long long v;
	size_t n, i;
	char *end, *p;
	volatile char sink;

	if (argc != 2) {
		fputs("usage: touch BYTES\n", stderr);
		return 2;
	}
	v = strtoull(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0' || v == 0 || v > SIZE_MAX / 2) {
		fprintf(stderr, "touch: bad size: %s\n", argv[1]);
		return 2;
	}
	n = ((size_t)v + HUGE - 1) / HUGE * HUGE;
	p = mmap(NULL, n + HUGE, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("touch: mmap");
		return 1;
	}
	p += (HUGE - (uintptr_t)p % HUGE) % HUGE;
#ifdef MADV_HUGEPAGE
	madvise(p, n, MADV_HUGEPAGE);
#endif
	for (i = 0; i < n; i += 4096)
		p[i] = 1;
	sink = p[n / 2];
	(void)sink;
	return 0;
}
