// A function that updates a parameter in place: count += 1.
func.func @counter(%count: tensor<1xf32> {tg.name = "count"}) -> tensor<1xf32> {
  %one = tg.const 1.0 : tensor<1xf32>
  %next = tg.add %count, %one : tensor<1xf32>
  %n = tg.assign %count, %next : tensor<1xf32>
  return %n : tensor<1xf32>
}
