package analyze

// Streams beyond the third level's working set. The machine file's
// levels put the third level at a few MiB and memory beyond the last
// cache, but a server's last level can hold hundreds of MiB: there a
// stream that misses the third level's working set still streams from
// the cache, at several times the memory's bandwidth. augur bench
// machine times the STREAM triad at the three working sets between the
// two where it times random loads (mem_byte_mid1 … 3, a quarter, a half
// and three quarters of the way, log scale); a stream's transfer per
// byte at a working set is read off those points, linearly between the
// two around it, from none at the third level's working set to
// mem_byte at memory's. As a share of mem_byte it takes the place of the
// log-linear share of the way (levelShares' last), which is what a
// machine file without the points gives (machine.OpTime's fallback).

// streamShare is the share of mem_byte that a streamed byte costs at
// working set ws, for the node's sharers: levelShares' share of the way
// from the third level to memory, mapped through the measured points.
func streamShare(ws, sharers float64, lv [4]float64, price func(key string) float64) float64 {
	return streamMid(levelShares(ws, sharers, lv)[3], price)
}

// streamMid maps f, a share of the way from the third level's working
// set to memory's (log scale), to the share of mem_byte a streamed byte
// costs there: the model's smid().
func streamMid(f float64, price func(key string) float64) float64 {
	mem := price("mem_byte")
	if f <= 0 || f >= 1 || mem <= 0 {
		return f
	}
	points := [5]float64{0, price("mem_byte_mid1"), price("mem_byte_mid2"), price("mem_byte_mid3"), mem}
	i := min(int(4*f), 3)
	t := 4*f - float64(i)
	p := points[i] + t*(points[i+1]-points[i])
	return min(1, max(0, p/mem))
}

// streamCosts are the generated models' cost functions for it.
const streamCosts = `// A streamed byte beyond the third level's working set (f_ of the way to
// memory's, log scale) costs mem_byte's share read off the triad that
// augur bench machine timed between them (mem_byte_mid1 … 3): a large
// last cache streams faster than memory.
cost smid(f_) = f_ <= 0 || f_ >= 1 || ops(mem_byte: 1) <= 0 ? f_ : min(1, max(0, (f_ <= 0.25 ? 4 * f_ * ops(mem_byte_mid1: 1) : f_ <= 0.5 ? ops(mem_byte_mid1: 1) + (4 * f_ - 1) * (ops(mem_byte_mid2: 1) - ops(mem_byte_mid1: 1)) : f_ <= 0.75 ? ops(mem_byte_mid2: 1) + (4 * f_ - 2) * (ops(mem_byte_mid3: 1) - ops(mem_byte_mid2: 1)) : ops(mem_byte_mid3: 1) + (4 * f_ - 3) * (ops(mem_byte: 1) - ops(mem_byte_mid3: 1))) / ops(mem_byte: 1)))
`
