// Command gentit writes synthetic SimGrid time-independent traces (rings,
// stencils, all-to-all, mixes of collectives) and cluster platforms for
// comparing augur replay with smpirun -replay. See tit/gen.
//
//	go run ./bench/gentit -pattern stencil -np 256 -iters 500 -out /tmp/st
//	go run ./bench/gentit -np 256 -platform /tmp/c.xml -backbone 2.25e9 -hostfile /tmp/hf
package main

import (
	"flag"
	"fmt"
	"os"

	"augur/internal/frontend/tit/gen"
)

func main() {
	pattern := flag.String("pattern", "ring", fmt.Sprintf("workload: %v", gen.Patterns))
	np := flag.Int("np", 8, "ranks")
	iters := flag.Int("iters", 10, "iterations")
	bytes := flag.Float64("bytes", 1e5, "message size in bytes")
	flops := flag.Float64("flops", 1e7, "flops per compute action")
	spread := flag.Float64("spread", 0, "vary each compute amount by up to ± this fraction, as measured amounts vary (0: all equal)")
	seed := flag.Uint64("seed", 1, "seed of -spread's generator")
	out := flag.String("out", "", "directory for one trace per rank and index.txt")
	shared := flag.String("shared", "", "file for one shared trace")
	plat := flag.String("platform", "", "also write a SimGrid cluster platform of -np hosts to this file")
	backbone := flag.Float64("backbone", 0, "backbone bandwidth in bytes/s for -platform (0: none)")
	hostfile := flag.String("hostfile", "", "also write a hostfile naming the -np hosts")
	flag.Parse()
	s := gen.Spec{Pattern: *pattern, NP: *np, Iters: *iters, Bytes: *bytes, Flops: *flops, Spread: *spread, Seed: *seed}
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "gentit:", err)
		os.Exit(1)
	}
	if *out != "" {
		idx, n, err := gen.WriteIndex(*out, s)
		if err != nil {
			fail(err)
		}
		fmt.Printf("%s\t%d actions\n", idx, n)
	}
	if *shared != "" {
		f, err := os.Create(*shared)
		if err != nil {
			fail(err)
		}
		n, err := gen.WriteShared(f, s)
		if err == nil {
			err = f.Close()
		}
		if err != nil {
			fail(err)
		}
		fmt.Printf("%s\t%d actions\n", *shared, n)
	}
	write := func(path string, fn func(*os.File) error) {
		f, err := os.Create(path)
		if err != nil {
			fail(err)
		}
		if err := fn(f); err != nil {
			fail(err)
		}
		if err := f.Close(); err != nil {
			fail(err)
		}
	}
	if *plat != "" {
		write(*plat, func(f *os.File) error { return gen.Cluster(f, *np, *backbone) })
	}
	if *hostfile != "" {
		write(*hostfile, func(f *os.File) error { return gen.Hostfile(f, *np) })
	}
}
