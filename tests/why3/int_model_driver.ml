(* Runs DivInt.div_checked, extracted from why3/div_int.mlw to OCaml
   (why3 extract -D ocaml64, unbounded integers through Zarith), on every
   pair of INT4, UINT4, INT8 and UINT8 and on seeded samples of the 16-,
   32- and 64-bit types, in both roundings, and prints one line per case:

     <TYPE> <floor|toward_zero> <a> <b> <quotient Q|zero_divisor|overflow>

   the format of tools/proofs execute, which tests/why3 checks on the core.
   Usage: int_model_driver SAMPLES (seeded pairs per wide type and rounding). *)
open Div_int

let types =
  [ ("INT4", INT4, true); ("UINT4", UINT4, true); ("INT8", INT8, true); ("UINT8", UINT8, true);
    ("INT16", INT16, false); ("UINT16", UINT16, false); ("INT32", INT32, false); ("UINT32", UINT32, false);
    ("INT64", INT64, false); ("UINT64", UINT64, false) ]

let roundings = [ ("floor", Floor); ("toward_zero", TowardZero) ]

let print_case name rname t r a b =
  let outcome =
    match div_checked t r a b with
    | Quotient q -> "quotient " ^ Z.to_string q
    | ZeroDivisor -> "zero_divisor"
    | Overflow -> "overflow"
  in
  Printf.printf "%s %s %s %s %s\n" name rname (Z.to_string a) (Z.to_string b) outcome

(* A uniformly drawn integer of [low, high], from 30-bit draws. *)
let random_in state low high =
  let span = Z.succ (Z.sub high low) in
  let rec draw acc bits = if bits >= 70 then acc else draw (Z.logor (Z.shift_left acc 30) (Z.of_int (Random.State.bits state))) (bits + 30) in
  Z.add low (Z.rem (draw Z.zero 0) span)

(* Half the divisors small, where the rounding shows; a few zero divisors
   and MIN / -1 among them. *)
let sample state low high =
  let a = random_in state low high in
  let b = match Random.State.int state 8 with
    | 0 -> Z.zero
    | 1 -> Z.max low Z.minus_one  (* -1 for the signed types, 0 for the unsigned *)
    | 2 | 3 | 4 -> Z.max low (Z.min high (Z.of_int (Random.State.int state 19 - 9)))
    | _ -> random_in state low high
  in
  let a = if Random.State.int state 16 = 0 then low else a in
  (a, b)

let () =
  let samples = int_of_string Sys.argv.(1) in
  List.iteri (fun i (name, t, every) ->
    let low = min_value t and high = max_value t in
    List.iter (fun (rname, r) ->
      if every then begin
        let a = ref low in
        while Z.leq !a high do
          let b = ref low in
          while Z.leq !b high do
            print_case name rname t r !a !b;
            b := Z.succ !b
          done;
          a := Z.succ !a
        done
      end else begin
        let state = Random.State.make [| 20261125; i |] in
        for _ = 1 to samples do
          let (a, b) = sample state low high in
          print_case name rname t r a b
        done
      end) roundings) types
