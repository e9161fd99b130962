(* Runs DivInt.div_checked, extracted from why3/div_int.mlw to OCaml
   (why3 extract -D ocaml64, Zarith), back to back with the C++ core in one
   process: for rows A = lowest, lowest + STEP, ... of INT16 and UINT16 it
   asks the core (core_rows.cpp, through core_rows_stubs.c) for A / B with
   every B of the type, in both roundings, and compares each pair with the
   model. STEP 1 is every pair: 2^32 per type and rounding.

   Usage: int_model_every_pair STEP [--seed-fault]
   --seed-fault asks the core for the other rounding than the model's: the
   control that shows a wrong core is caught.

   Prints, per type and rounding,
     <TYPE> <floor|toward_zero> rows R cases C zero_divisor Z overflow O mismatches M
   after at most 10 lines "mismatch <TYPE> <rounding> <a> <b> core: ... model: ..." *)
open Div_int
open Bigarray

external core_row : bool -> bool -> int -> (int32, int32_elt, c_layout) Array1.t ->
  (int, int8_unsigned_elt, c_layout) Array1.t -> unit = "sonnx_core_row16_stub"

(* The verdict codes of core_rows.hpp. *)
let core_quotient = 0 and core_zero_divisor = 1 and core_overflow = 2 and core_other_status = 3

let describe_core verdict quotient =
  if verdict = core_quotient then "quotient " ^ Int32.to_string quotient
  else if verdict = core_zero_divisor then "zero_divisor"
  else if verdict = core_overflow then "overflow"
  else if verdict = core_other_status then "another status"
  else "not computed (the call failed at another element)"

let describe_model = function
  | Quotient q -> "quotient " ^ Z.to_string q
  | ZeroDivisor -> "zero_divisor"
  | Overflow -> "overflow"

let agree model verdict (quotient : int32) =
  match model with
  | Quotient q -> verdict = core_quotient && Z.equal q (Z.of_int32 quotient)
  | ZeroDivisor -> verdict = core_zero_divisor
  | Overflow -> verdict = core_overflow

let run_type step fault (name, t, signed) (rname, r, floor) =
  let low = Z.to_int (min_value t) and high = Z.to_int (max_value t) in
  let quotients = Array1.create int32 c_layout 65536 in
  let verdicts = Array1.create int8_unsigned c_layout 65536 in
  let rows = ref 0 and cases = ref 0 and zero_divisors = ref 0 and overflows = ref 0 and mismatches = ref 0 in
  let a = ref low in
  while !a <= high do
    let za = Z.of_int !a in
    core_row signed (if fault then not floor else floor) !a quotients verdicts;
    for i = 0 to 65535 do
      let b = low + i in
      let model = div_checked t r za (Z.of_int b) in
      let verdict = Array1.unsafe_get verdicts i and quotient = Array1.unsafe_get quotients i in
      (match model with
       | ZeroDivisor -> incr zero_divisors
       | Overflow -> incr overflows
       | Quotient _ -> ());
      if not (agree model verdict quotient) then begin
        incr mismatches;
        if !mismatches <= 10 then
          Printf.printf "mismatch %s %s %d %d core: %s, model: %s\n" name rname !a b
            (describe_core verdict quotient) (describe_model model)
      end
    done;
    incr rows;
    cases := !cases + 65536;
    a := !a + step
  done;
  Printf.printf "%s %s rows %d cases %d zero_divisor %d overflow %d mismatches %d\n%!" name rname !rows !cases
    !zero_divisors !overflows !mismatches

let () =
  let usage () = prerr_endline "usage: int_model_every_pair STEP [--seed-fault]"; exit 2 in
  let step, fault =
    match Array.to_list Sys.argv with
    | [ _; s ] -> (int_of_string_opt s, false)
    | [ _; s; "--seed-fault" ] -> (int_of_string_opt s, true)
    | _ -> usage ()
  in
  let step = match step with Some s when s >= 1 -> s | _ -> usage () in
  List.iter (fun ty ->
    List.iter (run_type step fault ty) [ ("floor", Floor, true); ("toward_zero", TowardZero, false) ])
    [ ("INT16", INT16, true); ("UINT16", UINT16, false) ]
