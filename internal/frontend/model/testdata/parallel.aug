model par

param T = 4
param N = 1000

cost body(i) = 1us * log2(i + 2)

activity main {
  parallel region {
    action Setup cost 1ms
    barrier sync threads
    critical update {
      action Update cost 10us
    }
  }
  parallel fixed threads T * 2 {
    priority   tid+1
    action Work cost 5ms / nthreads
  }
  pfor loop1 i in 0 .. N {
    action It cost body(i)
  }
  pfor loop2 i in 0 .. N threads T {
    action It2 cost body(i)
  }
  pfor loop3 k in 1 .. N + 1 schedule dynamic {
    action It3 cost body(k)
  }
  pfor loop4 k in 0 .. N schedule dynamic chunk 16 threads threads {
    critical acc {
      action Acc cost 1us
    }
  }
  pfor loop5 k in 0 .. threads schedule static chunk 4 {
    delay Io cost 2ms
  }
  pfor loop6 k in 0 .. N schedule guided chunk 8 threads 2 {
    atomic sum { action Add cost 5ns }
  }
  parallel team {
    master log { action Print cost 1us }
    single init {
      action Setup2 cost 1ms
    }
    pfor shared  k in 0 .. N schedule guided {
      action It6 cost body(k)
    }
    critical update { action Update2 cost 1us }
  }
  threads = 2
}
