// SPDX-License-Identifier: ISC

// pprof-demo records the pprof captures fg-collapse is tested on, and
// writes large synthetic profiles for bench/pprof.sh. Standard library
// only.
//
//	go run . cpu OUT.pb.gz     CPU profile of labelled, inlined work
//	go run . heap OUT.pb.gz    heap profile (4 sample types, "bytes" labels)
//	go run . big N OUT.pb.gz   synthetic profile with N samples
package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
)

var sink uint64

// mix and step are small enough for the compiler to inline them into
// their callers: the profile then holds locations with several lines.
func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x
}

func step(x uint64, n int) uint64 {
	for i := 0; i < n; i++ {
		x = mix(x + uint64(i))
	}
	return x
}

//go:noinline
func hashWork(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = step(x, 64)
	}
	return x
}

//go:noinline
func sortWork(n int) uint64 {
	a := make([]uint64, 4096)
	var s uint64
	for k := 0; k < n; k++ {
		for i := range a {
			a[i] = mix(uint64(i*k + 1))
		}
		// insertion passes: quadratic on purpose
		for i := 1; i < 256; i++ {
			for j := i; j > 0 && a[j-1] > a[j]; j-- {
				a[j-1], a[j] = a[j], a[j-1]
			}
		}
		s += a[0]
	}
	return s
}

//go:noinline
func charge(n int) { sink += hashWork(n) }

//go:noinline
func search(n int) { sink += sortWork(n) + hashWork(n/4) }

func serve(tenant, endpoint string, f func(int), n int) {
	pprof.Do(context.Background(),
		pprof.Labels("endpoint", endpoint, "tenant", tenant),
		func(context.Context) { f(n) })
}

func cpu(out string) error {
	fh, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(fh); err != nil {
		return err
	}
	for r := 0; r < 40; r++ {
		serve("acme", "POST /charge", charge, 60000)
		serve("globex", "POST /charge", charge, 30000)
		serve("acme", "GET /search", search, 2000)
		// unlabelled work
		sink += hashWork(20000)
	}
	pprof.StopCPUProfile()
	return fh.Close()
}

var keep [][]byte

//go:noinline
func allocSmall(n int) {
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 64))
	}
}

//go:noinline
func allocBig(n int) {
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 8192))
	}
}

func heap(out string) error {
	runtime.MemProfileRate = 1
	allocSmall(300)
	allocBig(20)
	keep = keep[:100] // some of it becomes garbage
	runtime.GC()
	fh, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(fh, 0); err != nil {
		return err
	}
	return fh.Close()
}

func main() {
	var err error
	switch {
	case len(os.Args) == 3 && os.Args[1] == "cpu":
		err = cpu(os.Args[2])
	case len(os.Args) == 3 && os.Args[1] == "heap":
		err = heap(os.Args[2])
	case len(os.Args) == 4 && os.Args[1] == "big":
		var n int
		n, err = strconv.Atoi(os.Args[2])
		if err == nil {
			err = big(n, os.Args[3])
		}
	default:
		err = fmt.Errorf("usage: pprof-demo cpu|heap OUT | big N OUT")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pprof-demo:", err)
		os.Exit(1)
	}
}
