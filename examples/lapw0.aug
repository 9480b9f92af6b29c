// LAPW0 of WIEN2k (the Performance Prophet papers (Pllana et al.), section 5): SPMD Fortran 90/MPI code
// that computes the effective potential of a crystal's unit cell. NAT atoms
// are spread over the processes as evenly as possible; each process works
// on its PNAT atoms, and the processes write their part of the output one
// after another (the Receive_I2 → Output3 → Send_I2 chain of Fig. 5.4).
//
// The cost functions are shaped after the program's structure (per-atom
// work, replicated serial work, a serialised output chain). Their constants
// were chosen by hand so that the predictions on gescher.yaml come close to
// the seed's simulated times Ts (Table 2); `augur fit` (see
// examples/lapw0/) fits them from measurements instead.
model lapw0

param NAT = 32 // atoms in the unit cell (32 or 64 in the seed)

// Atoms of this process: NAT/procs, the first NAT % procs get one more.
local PNAT = floor(NAT / procs) + (pid < NAT % procs ? 1 : 0)

cost MPIinit() = 0.4
cost ReadInput(nat) = 1.5 + 0.02 * nat
cost CalcMPM(pnat) = 9.5 * pnat // multipole moments
cost Interstitial(pnat, nat) = pnat * (10 + 0.06 * nat) // plane-wave part grows with the cell
cost CoulombPot(pnat) = 4.5 * pnat
cost DoSFT(nat) = 12 + 0.9 * nat // replicated serial part
cost DefVTOT(pnat) = 1.5 * pnat
cost o3(pnat) = 0.6 + 0.45 * pnat // writing this process's part
cost TimeBSend(mb) = 0.0005 + mb / 12.5 // mb megabytes over Fast Ethernet
cost MPIterm() = 0.2

activity main {
  action Init_MPI_Environment cost MPIinit()
  call Initialize
  call Potential
  call Finish
}

activity Initialize {
  action Read_Input cost ReadInput(NAT)
  bcast Bcast_Input root 0 size 64KiB
}

activity Potential {
  action Calculate_Multipolmoments cost CalcMPM(PNAT)
  allreduce Sum_Multipolmoments size NAT * 4KiB
  action Interstitial_Potential cost Interstitial(PNAT, NAT)
  action Coulomb_Potential cost CoulombPot(PNAT)
  allreduce ETOTAL size 8
  action SFT cost DoSFT(NAT)
  action Define_Total_Potential_VTOT cost DefVTOT(PNAT)
}

activity Finish {
  if procs > 1 && pid != 0 {
    recv Receive_I2 from pid - 1 size 4MB
  }
  action Output3 cost o3(PNAT)
  if procs > 1 && pid != procs - 1 {
    send Send_I2 to pid + 1 size 4MB cost TimeBSend(4)
  }
  action Terminate_MPI_Environment cost MPIterm()
}
