package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// teamSize is the number of threads of an OpenMP team: --threads when
// given (above 0), else OMP_NUM_THREADS as libgomp reads it (the first
// number of a list, "4" or "4,2"), else 0 (the command's default).
func teamSize(flag int) (int, error) {
	if flag > 0 {
		return flag, nil
	}
	v, ok := os.LookupEnv("OMP_NUM_THREADS")
	if !ok || strings.TrimSpace(v) == "" {
		return 0, nil
	}
	first, _, _ := strings.Cut(v, ",")
	n, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("OMP_NUM_THREADS=%q is not a number of threads ≥ 1 (give --threads N, or unset it)", v)
	}
	return n, nil
}
