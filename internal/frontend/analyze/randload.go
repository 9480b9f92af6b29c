package analyze

import (
	"math"

	"augur/internal/machine"
)

// Random loads between two measured working sets. augur bench machine
// times independent loads at random places of a few working sets (16 KiB
// ... 4 MiB, and a memory level beyond the last cache): on this
// processor 1.0 ns at 4 MiB and 83 ns at 1 GiB, whose last level holds
// 512 MiB. A table of 32 or 64 MiB (ParRes Random's, GUPS) lies between:
// it fits the last level, but its pages no longer fit the TLB, and its
// random updates measure 5 to 9 ns. A blend of the two prices
// log-linear in the working set, as streams take their bytes (level()),
// charges it 40 % of the memory's price, 4 to 6 times what it costs. The
// time of a random load grows by a factor, not a sum, as each step of the
// hierarchy is exceeded: it is blended geometrically, lo^(1-f) · hi^f
// with f the log-linear position of the working set between the two
// (5.3 ns at 32 MiB, 9.2 ns at 64 MiB), which keeps the measured points
// exact. The model writes it as the share of the upper level's price
// that gives that time (rshare), so that the report splits it by level
// as before.

// Between the third level and memory the blend goes through seven more
// measured points, the random loads at every eighth of the way
// (load_rand_mid1 … load_rand_mid3 at the quarters, load_rand_mid1_8 …
// load_rand_mid7_8 between them): there the time
// does not grow by an even factor. It stays near the third level's until
// the working set outgrows the last cache or the TLB's reach and then
// climbs to the memory's within a factor of two of the working set (on a
// 2-core AMD EPYC virtual machine, in three runs of the measurement:
// 0.86-1.1 ns at 4 MiB, 1.1-1.6 at 8, 4.0-6.0 at 16, 5.2-7.2 at 32 and
// 5.3-8.8 at 64 MiB), and one geometric blend from 4 to 64 MiB prices
// ParRes Random's 32 MiB table at 3.3 ns a random load where the
// measured points give 4.6.
// Each stretch between neighbouring points is blended geometrically; a
// machine file without the points prices them as the one blend did
// (machine.OpTime), so its prices stay what they were.

// randomShares is how a random load at a working set of ws bytes splits
// among the levels l1, l2, l3, mem given the price of each random load's
// key (the model's rlevel()); only the two levels it lies between are
// priced.
func randomShares(ws, sharers float64, lv [4]float64, price func(key string) float64) [4]float64 {
	s := levelShares(ws, sharers, lv)
	for k := 0; k < 3; k++ {
		if s[k] > 0 && s[k+1] > 0 {
			f := s[k+1]
			lo, hi := price("load_rand_"+levelNames[k]), price("load_rand_"+levelNames[k+1])
			g := rshare(f, lo, hi)
			if k == 2 {
				g = midShare(f, lo, hi, price)
			}
			s[k], s[k+1] = 1-g, g
			break
		}
	}
	return s
}

// rshare is the share of the upper price hi that, with the rest at lo,
// makes lo^(1-f) · hi^f.
func rshare(f, lo, hi float64) float64 {
	if lo <= 0 || hi <= lo {
		return f
	}
	return (math.Pow(lo, 1-f)*math.Pow(hi, f) - lo) / (hi - lo)
}

// midShare is the share of the memory's price hi that, with the rest at
// the third level's lo, makes the price of a random load f of the way
// between them: blended geometrically between the neighbouring measured
// points (lo, the seven eighths, hi), and kept between lo and hi (a
// point measured above the memory's is noise).
func midShare(f, lo, hi float64, price func(key string) float64) float64 {
	if lo <= 0 || hi <= lo {
		return f
	}
	points := [9]float64{lo}
	for e := 1; e <= 7; e++ {
		points[e] = price(machine.RandomMidKey(e))
	}
	points[8] = hi
	i := min(int(8*f), 7)
	t := 8*f - float64(i)
	p := math.Pow(points[i], 1-t) * math.Pow(points[i+1], t)
	return min(1, max(0, (p-lo)/(hi-lo)))
}

// randomCosts are the model's cost functions of the geometric blend.
const randomCosts = `// A random load between two measured working sets costs the two prices
// blended geometrically (lo^(1-f) · hi^f, f the log-linear position of
// the working set between them): the time grows by a factor as each
// step of the hierarchy is exceeded. rlevel(ws, n, k) is the share of n
// charged at level k that gives it.
cost rlevel(ws_, n_, k_) = n_ * (k_ == 0 ? (ws_ <= ws_l1 ? 1 : ws_ <= ws_l2 ? 1 - rshare(blend(ws_, ws_l1, ws_l2), ops(load_rand_l1: 1), ops(load_rand_l2: 1)) : 0) : k_ == 1 ? (ws_ <= ws_l1 ? 0 : ws_ <= ws_l2 ? rshare(blend(ws_, ws_l1, ws_l2), ops(load_rand_l1: 1), ops(load_rand_l2: 1)) : ws_ <= ws_l3 ? 1 - rshare(blend(ws_, ws_l2, ws_l3), ops(load_rand_l2: 1), ops(load_rand_l3: 1)) : 0) : k_ == 2 ? (ws_ <= ws_l2 ? 0 : ws_ <= ws_l3 ? rshare(blend(ws_, ws_l2, ws_l3), ops(load_rand_l2: 1), ops(load_rand_l3: 1)) : ws_ <= ws_mem ? 1 - rmid(blend(ws_, ws_l3, ws_mem)) : 0) : (ws_ <= ws_l3 ? 0 : ws_ <= ws_mem ? rmid(blend(ws_, ws_l3, ws_mem)) : 1))
cost rshare(f_, lo_, hi_) = lo_ <= 0 || hi_ <= lo_ ? f_ : (pow(lo_, 1 - f_) * pow(hi_, f_) - lo_) / (hi_ - lo_)
// Between the third level and memory the blend goes through the points
// measured every eighth of the way: rmid(f) is the share of the memory's
// price at f of the way.
cost rmid(f_) = rpart(f_, f_ <= 0.125 ? rgeo(8 * f_, ops(load_rand_l3: 1), ops(load_rand_mid1_8: 1)) : f_ <= 0.25 ? rgeo(8 * f_ - 1, ops(load_rand_mid1_8: 1), ops(load_rand_mid1: 1)) : f_ <= 0.375 ? rgeo(8 * f_ - 2, ops(load_rand_mid1: 1), ops(load_rand_mid3_8: 1)) : f_ <= 0.5 ? rgeo(8 * f_ - 3, ops(load_rand_mid3_8: 1), ops(load_rand_mid2: 1)) : f_ <= 0.625 ? rgeo(8 * f_ - 4, ops(load_rand_mid2: 1), ops(load_rand_mid5_8: 1)) : f_ <= 0.75 ? rgeo(8 * f_ - 5, ops(load_rand_mid5_8: 1), ops(load_rand_mid3: 1)) : f_ <= 0.875 ? rgeo(8 * f_ - 6, ops(load_rand_mid3: 1), ops(load_rand_mid7_8: 1)) : rgeo(8 * f_ - 7, ops(load_rand_mid7_8: 1), ops(load_rand_mem: 1)), ops(load_rand_l3: 1), ops(load_rand_mem: 1))
cost rgeo(t_, lo_, hi_) = pow(lo_, 1 - t_) * pow(hi_, t_)
cost rpart(f_, p_, lo_, hi_) = lo_ <= 0 || hi_ <= lo_ ? f_ : min(1, max(0, (p_ - lo_) / (hi_ - lo_)))
`

// copyEnv is a copy of a map of values.
func copyEnv(env map[string]float64) map[string]float64 {
	out := make(map[string]float64, len(env))
	for k, v := range env {
		out[k] = v
	}
	return out
}
