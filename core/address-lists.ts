export interface ListOption {
  code: string;
  name: string;
}

export interface AddressLists {
  countries: readonly ListOption[];
  states: readonly ListOption[];
}

export function listOf(lists: AddressLists, field: string) {
  return field === "country"
    ? { options: lists.countries, placeholder: "Choose a country" }
    : { options: lists.states, placeholder: "Choose a state or territory" };
}
