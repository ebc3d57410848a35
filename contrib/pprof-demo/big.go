// SPDX-License-Identifier: ISC

package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
)

// A hand-rolled protobuf encoder, enough for profile.proto.
type pbuf struct{ b []byte }

func (p *pbuf) varint(x uint64) {
	for x >= 0x80 {
		p.b = append(p.b, byte(x)|0x80)
		x >>= 7
	}
	p.b = append(p.b, byte(x))
}

func (p *pbuf) key(num, wt int) { p.varint(uint64(num)<<3 | uint64(wt)) }

func (p *pbuf) u64(num int, x uint64) {
	p.key(num, 0)
	p.varint(x)
}

func (p *pbuf) bytes(num int, b []byte) {
	p.key(num, 2)
	p.varint(uint64(len(b)))
	p.b = append(p.b, b...)
}

func (p *pbuf) packed(num int, xs []uint64) {
	var q pbuf
	for _, x := range xs {
		q.varint(x)
	}
	p.bytes(num, q.b)
}

// xorshift: deterministic across Go versions.
type rng uint64

func (r *rng) next() uint64 {
	x := uint64(*r)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*r = rng(x)
	return x
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// big writes a profile of n samples over 2000 functions, 6000 locations
// (every third with an inlined callee), 40000 distinct stacks and 8
// endpoint labels, in two sample types.
func big(n int, out string) error {
	const nfunc, nloc, nstack = 2000, 6000, 40000
	strs := []string{""}
	str := func(s string) uint64 {
		strs = append(strs, s)
		return uint64(len(strs) - 1)
	}
	var p pbuf
	var m pbuf
	for _, t := range [][2]string{{"samples", "count"}, {"cpu", "nanoseconds"}} {
		m = pbuf{}
		m.u64(1, str(t[0]))
		m.u64(2, str(t[1]))
		p.bytes(1, m.b)
	}
	r := rng(88172645463325252)
	stacks := make([][]uint64, nstack)
	for i := range stacks {
		d := 4 + r.intn(40)
		s := make([]uint64, d)
		for j := range s {
			s[j] = uint64(1 + r.intn(nloc))
		}
		stacks[i] = s
	}
	keyEndpoint := str("endpoint")
	var endpoints []uint64
	for i := 0; i < 8; i++ {
		endpoints = append(endpoints, str(fmt.Sprintf("GET /api/v%d/items", i)))
	}
	for i := 0; i < n; i++ {
		m = pbuf{}
		// skewed: low-numbered stacks are hot
		k := r.intn(nstack)
		k = k * r.intn(nstack) / nstack
		m.packed(1, stacks[k])
		c := uint64(1 + r.intn(5))
		m.packed(2, []uint64{c, c * 10000000})
		var l pbuf
		l.u64(1, keyEndpoint)
		l.u64(2, endpoints[r.intn(len(endpoints))])
		m.bytes(3, l.b)
		p.bytes(2, m.b)
	}
	for i := 1; i <= nloc; i++ {
		m = pbuf{}
		m.u64(1, uint64(i))
		m.u64(3, uint64(0x400000+16*i))
		var l pbuf
		if i%3 == 0 {
			l.u64(1, uint64(1+(i*7)%nfunc))
			l.u64(2, uint64(10+i%300))
			m.bytes(4, l.b)
			l = pbuf{}
		}
		l.u64(1, uint64(1+i%nfunc))
		l.u64(2, uint64(20+i%500))
		m.bytes(4, l.b)
		p.bytes(4, m.b)
	}
	for i := 1; i <= nfunc; i++ {
		m = pbuf{}
		m.u64(1, uint64(i))
		name := str(fmt.Sprintf("example.com/service/pkg%d.(*Handler%d).method%d", i%37, i%101, i))
		m.u64(2, name)
		m.u64(3, name)
		m.u64(4, str(fmt.Sprintf("/src/service/pkg%d/file%d.go", i%37, i%13)))
		p.bytes(5, m.b)
	}
	m = pbuf{}
	m.u64(1, str("cpu"))
	m.u64(2, str("nanoseconds"))
	p.bytes(11, m.b)
	for _, s := range strs {
		p.bytes(6, []byte(s))
	}
	p.u64(12, 10000000)
	fh, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	z := gzip.NewWriter(w)
	if _, err := z.Write(p.b); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return fh.Close()
}
