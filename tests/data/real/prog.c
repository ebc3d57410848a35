/* SPDX-License-Identifier: ISC */
/*
 * A fixed amount of work in five functions, for before/after captures
 * (see README). Built three ways:
 *   prog-v1  as is
 *   prog-v2  -DSLOW_CHECKSUM -DNO_VALIDATE: checksum() computes its CRC-32
 *            from a 16-entry table, half a byte at a time, instead of a
 *            256-entry one (two lookups a byte: slower); validate() is gone
 *   prog-v3  -DNO_VALIDATE only: validate() is gone, nothing slowed
 * Everything is our own code (no libc in the loop), so frame-pointer
 * stacks are complete.
 */
#include <stdio.h>
#include <stdlib.h>

#define NREC	4096
#define RECLEN	64

static unsigned char text[NREC * RECLEN];
static long vals[NREC];
static unsigned long rng = 88172645463325252UL;
static unsigned long crctab[256];

__attribute__((noinline)) static unsigned long
next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* NREC lines of "nnnnnn key=xxxxxxxx ..." */
__attribute__((noinline)) static void
generate(void)
{
	size_t i, j;
	unsigned char *p;

	for (i = 0; i < NREC; i++) {
		p = text + i * RECLEN;
		for (j = 0; j < 8; j++)
			p[j] = '0' + next_rand() % 10;
		p[8] = ' ';
		for (j = 9; j < RECLEN - 1; j++)
			p[j] = 'a' + next_rand() % 26;
		p[RECLEN - 1] = '\n';
	}
}

__attribute__((noinline)) static long
parse_numbers(void)
{
	size_t i, j;
	long v, sum = 0;

	for (i = 0; i < NREC; i++) {
		v = 0;
		for (j = 0; j < 8; j++)
			v = v * 10 + (text[i * RECLEN + j] - '0');
		vals[i] = v;
		sum += v;
	}
	return sum;
}

#ifndef NO_VALIDATE
/* every byte printable or a newline, letters only after the number */
__attribute__((noinline)) static int
validate(void)
{
	size_t i, j;
	int bad = 0;
	unsigned char c;

	for (i = 0; i < NREC; i++)
		for (j = 0; j < RECLEN; j++) {
			c = text[i * RECLEN + j];
			if (j < 8)
				bad += c < '0' || c > '9';
			else if (j == RECLEN - 1)
				bad += c != '\n';
			else if (j > 8)
				bad += (c < 'a' || c > 'z') && c != ' ';
		}
	return bad;
}
#endif

__attribute__((noinline)) static void
crc_init(void)
{
	unsigned long c;
	int n, k;

	for (n = 0; n < 256; n++) {
		c = n;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320UL ^ (c >> 1) : c >> 1;
		crctab[n] = c;
	}
}

__attribute__((noinline)) static unsigned long
checksum(void)
{
	unsigned long c = 0xffffffffUL;
	size_t i;
#ifdef SLOW_CHECKSUM
	for (i = 0; i < sizeof(text); i++) {
		c ^= text[i];
		c = crctab[(c & 0xf) << 4] ^ (c >> 4);
		c = crctab[(c & 0xf) << 4] ^ (c >> 4);
	}
#else
	for (i = 0; i < sizeof(text); i++)
		c = crctab[(c ^ text[i]) & 0xff] ^ (c >> 8);
#endif
	return c ^ 0xffffffffUL;
}

/* shell sort of the parsed numbers */
__attribute__((noinline)) static void
sort_values(void)
{
	static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
	size_t g, i, j, gap;
	long v;

	for (g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
		gap = gaps[g];
		for (i = gap; i < NREC; i++) {
			v = vals[i];
			for (j = i; j >= gap && vals[j - gap] > v; j -= gap)
				vals[j] = vals[j - gap];
			vals[j] = v;
		}
	}
}

int
main(int argc, char *argv[])
{
	long rounds = argc > 1 ? atol(argv[1]) : 2000, r;
	unsigned long acc = 0;

	crc_init();
	for (r = 0; r < rounds; r++) {
		generate();
		acc += parse_numbers();
#ifndef NO_VALIDATE
		acc += validate();
#endif
		acc += checksum();
		sort_values();
		acc += vals[r % NREC];
	}
	printf("%lu\n", acc);
	return 0;
}
