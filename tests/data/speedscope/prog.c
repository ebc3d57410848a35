/* SPDX-License-Identifier: ISC */
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static long sum(int *v, int n) { long s = 0; for (int i = 0; i < n; i++) s += v[i] % 7; return s; }
static void sortit(int *v, int n) { qsort(v, n, sizeof *v, cmp); }
int main(void) {
	int n = 200000, *v = malloc(n * sizeof *v); long t = 0;
	for (int r = 0; r < 30; r++) {
		for (int i = 0; i < n; i++) v[i] = rand();
		sortit(v, n); t += sum(v, n);
	}
	printf("%ld\n", t); return 0;
}
