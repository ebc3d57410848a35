/* SPDX-License-Identifier: ISC */
/* inl.c: hot code in functions the compiler inlines into main(). */
#include <stdio.h>

static volatile unsigned long sink;

static inline __attribute__((always_inline)) void
mix(unsigned long i)
{
	sink += i * 2654435761u;
}

static inline __attribute__((always_inline)) void
hash_all(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		mix(i);
}

int
main(void)
{
	hash_all(300000000ul);
	printf("%lu\n", sink);
	return 0;
}
