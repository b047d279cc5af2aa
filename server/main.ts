import { start } from "./start";

start({ serveSite: true });
