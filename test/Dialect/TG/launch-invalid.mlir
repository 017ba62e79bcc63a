// The verifier of #tg.launch.
// RUN: tg-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{#tg.launch threads must be in [1, 1024], got 0}}
func.func private @none() attributes {tg.launch = #tg.launch<threads = 0, group_reduce = false>}

// -----

// expected-error@+1 {{#tg.launch threads must be in [1, 1024], got 2048}}
func.func private @too_many() attributes {tg.launch = #tg.launch<threads = 2048, group_reduce = false>}

// -----

// expected-error@+1 {{#tg.launch with group_reduce needs a power-of-two thread count, got 96}}
func.func private @uneven() attributes {tg.launch = #tg.launch<threads = 96, group_reduce = true>}

// -----

// Valid: any count for one thread per output, powers of two for groups.
func.func private @fine() attributes {tg.launch = #tg.launch<threads = 96, group_reduce = false>}
func.func private @group() attributes {tg.launch = #tg.launch<threads = 128, group_reduce = true>}
