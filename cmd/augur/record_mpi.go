package main

// mpiRecord is what `augur record --mpi` was asked to do. record.go parses
// the command line and hands an MPI recording to recordMPI.
type mpiRecord struct {
	NP       int      // ranks (--np)
	RefSpeed float64  // flop/s that converts measured compute time to flops (--ref-speed)
	Out      string   // output: directory or index file for the per-rank TiT traces (-o)
	Argv     []string // the program and its arguments
}

// recordMPI runs r.Argv under OpenMPI with the PMPI recorder and writes one
// TiT trace per rank. Not built yet.
func recordMPI(e *env, r mpiRecord) int {
	e.stderr.Write([]byte("augur record --mpi: not built yet\n"))
	return exitUsage
}
