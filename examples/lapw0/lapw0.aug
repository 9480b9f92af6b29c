// LAPW0 of WIEN2k (the Performance Prophet papers (Pllana et al.)): the structure of examples/lapw0.aug
// with cost functions whose coefficients are parameters, fitted to
// measurements by `go run ./examples/lapw0` (see README.md). The defaults
// here are zero; lapw0-fitted.aug holds the fitted values.
model lapw0

param NAT = 32 // atoms in the unit cell

// Coefficients of the cost functions, in seconds (Gescher seconds).
param s0 = 0 // replicated serial work (input, SFT): constant
param s1 = 0 // replicated serial work: per atom of the cell
param a0 = 0 // per atom of this process
param a1 = 0 // per atom of this process and atom of the cell
param o0 = 0 // output of one process: constant
param o1 = 0 // output of one process: per own atom
// A per-process overhead every process pays, g·procs^gi·log2(procs)^gj
// (go run ./examples/lapw0 -overhead searches Extra-P's exponent sets).
param g = 0
param gi = 0 // exponent of procs
param gj = 0 // exponent of log2(procs)

// Atoms of this process: NAT/procs, the first NAT % procs get one more.
local PNAT = floor(NAT / procs) + (pid < NAT % procs ? 1 : 0)

cost Serial(nat) = s0 + s1 * nat
cost Atoms(pnat, nat) = pnat * (a0 + a1 * nat)
cost Output(pnat) = o0 + o1 * pnat
cost TimeBSend(mb) = 0.0005 + mb / 12.5 // mb megabytes over Fast Ethernet

activity main {
  action Overhead cost g * pow(procs, gi) * pow(log2(procs), gj)
  call Initialize
  call Potential
  call Finish
}

activity Initialize {
  bcast Bcast_Input root 0 size 64KiB
}

activity Potential {
  action Multipole_Moments cost Atoms(PNAT, NAT) / 2
  allreduce Sum_Multipolmoments size NAT * 4KiB
  action Interstitial_Coulomb_VTOT cost Atoms(PNAT, NAT) / 2
  allreduce ETOTAL size 8
  action Serial_Work cost Serial(NAT) // ReadInput and SFT, replicated
}

activity Finish {
  if procs > 1 && pid != 0 {
    recv Receive_I2 from pid - 1 size 4MB
  }
  action Output3 cost Output(PNAT)
  if procs > 1 && pid != procs - 1 {
    send Send_I2 to pid + 1 size 4MB cost TimeBSend(4)
  }
}
