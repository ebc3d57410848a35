/* SPDX-License-Identifier: ISC */
/* toy log processor: generate, parse, count by key in a hash table, sort */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 4096
struct ent { struct ent *next; char key[32]; long n; };
static struct ent *tab[NB];
static unsigned long rng = 12345;

__attribute__((noinline)) static unsigned long
next_rand(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return rng >> 33;
}

__attribute__((noinline)) static void
gen_line(char *buf, size_t n)
{
	snprintf(buf, n, "2026-11-22T03:%02lu:%02lu host%03lu GET /api/v1/item%04lu 200",
	    next_rand() % 60, next_rand() % 60, next_rand() % 200,
	    next_rand() % 3000);
}

__attribute__((noinline)) static const char *
parse_line(const char *line, char *key, size_t n)
{
	const char *p = strchr(line, '/');
	size_t i = 0;

	if (p == NULL)
		return NULL;
	while (p[i] != ' ' && p[i] != '\0' && i + 1 < n) {
		key[i] = p[i];
		i++;
	}
	key[i] = '\0';
	return key;
}

__attribute__((noinline)) static unsigned
hash_str(const char *s)
{
#ifdef SLOWHASH
	unsigned h = 0;	/* "cheaper" hash: clusters in few buckets */
	while (*s)
		h = h * 3u + (unsigned char)*s++;
	return h;
#else
	unsigned h = 2166136261u;	/* FNV-1a */
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
#endif
}

__attribute__((noinline)) static void
table_add(const char *key)
{
	unsigned b = hash_str(key) % NB;
	struct ent *e;

	for (e = tab[b]; e != NULL; e = e->next)
		if (strcmp(e->key, key) == 0) {
			e->n++;
			return;
		}
	e = calloc(1, sizeof(*e));
	strncpy(e->key, key, sizeof(e->key) - 1);
	e->n = 1;
	e->next = tab[b];
	tab[b] = e;
}

static int
cmp(const void *a, const void *b)
{
	const struct ent *x = *(struct ent *const *)a, *y = *(struct ent *const *)b;
	return (x->n < y->n) - (x->n > y->n);
}

__attribute__((noinline)) static void
report(void)
{
	struct ent *v[4096], *e;
	size_t n = 0, i;
	long sum = 0;

	for (i = 0; i < NB; i++)
		for (e = tab[i]; e != NULL && n < 4096; e = e->next)
			v[n++] = e;
	qsort(v, n, sizeof(v[0]), cmp);
	for (i = 0; i < n; i++)
		sum += v[i]->n;
	printf("%zu keys, %ld lines, top %s %ld\n", n, sum, v[0]->key, v[0]->n);
}

int
main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 2000000;
	char line[128], key[64];

	for (i = 0; i < n; i++) {
		gen_line(line, sizeof(line));
		if (parse_line(line, key, sizeof(key)) != NULL)
			table_add(key);
	}
	report();
	return 0;
}
