package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
)

// limitValue is a --max-* flag: a count ≥ 0, 0 standing for the
// default. A negative, fractional or non-finite value is refused as the
// flag is parsed, a usage error (exit status 2) like any invalid flag
// value, rather than read as "no limit" or as the default. 1e9 is read
// as 1000000000.
type limitValue struct{ n *int64 }

func (v limitValue) String() string {
	if v.n == nil {
		return "0"
	}
	return strconv.FormatInt(*v.n, 10)
}

func (v limitValue) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("%q is not a number", s)
	case math.IsNaN(x) || math.IsInf(x, 0) || x >= math.MaxInt64:
		return fmt.Errorf("%s is out of range: want a count from 0 (the default) to 9.2e18", s)
	case x < 0 || x != math.Trunc(x):
		return fmt.Errorf("%s: want a whole count ≥ 0 (0: the default)", s)
	}
	*v.n = int64(x)
	return nil
}

// limitFlag defines a --max-* flag of fs.
func limitFlag(fs *flag.FlagSet, name, usage string) *int64 {
	n := new(int64)
	fs.Var(limitValue{n}, name, usage)
	return n
}
