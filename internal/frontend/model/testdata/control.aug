model control

param ITER = 10
param PROB = 0.25
param SMALL = 1e-6us
param BIG = 2.5E3
global counter = 0
global done = false
local x = -1
local y = !done

cost stepc(i, n) = i < n / 2 ? 1ms * i : 2ms * (n - i)
cost noise() = normal(1ms, 0.1ms) + uniform(0, 1us)
cost mix(a, b, c) = a > 0 && b >= 1 || !(c <= 2) ? min(a, b, c) : max(a, b) % 3
cost nested(a) = a == 1 ? 1 : a != 2 ? 2 : 3
cost neg(a) = -a - -a * --a

activity main {
  loop ITER {
    counter = counter + 1; x = x * 2
    call work
  }
  for i in 0 .. ITER {
    action Step cost stepc(i, ITER)
  }
  for j in ITER .. 0 step -1 {
    if j % 2 == 0 {
      action Even
    } else if j % 3 == 0 {
      action Three cost 3ns
    } else if j > 100 {
    } else {
      delay Sleep cost exponential(1s)
    }
  }
  choose {
    PROB {
      action Rare cost 1s
    }
    0.5 {
      call work
    }
    else {
      action Common { counter = 0 }
    }
  }
  choose { 0.1 { action Only } }
  action Empty {}
  action Bare
  done = true
}

activity work {
  action W cost noise() { y = counter > 3; x = x + 1 }
  delay Think cost 12ms
}
