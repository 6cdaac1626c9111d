import { hello } from "@sleuth/sdk";

console.log(hello);
