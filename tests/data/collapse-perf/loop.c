#include <stdio.h>
static volatile unsigned long x;
static void __attribute__((noinline)) leaf(long n) { for (long i = 0; i < n; i++) x += i * i; }
static void __attribute__((noinline)) mid(long n) { leaf(n); }
int main(void) { for (int k = 0; k < 30; k++) mid(3000000); printf("%lu\n", x); return 0; }
