import { expect, test } from "vitest";
import { configFilePath, demoFilePath } from "./paths.ts";

test("the config file lives under XDG_CONFIG_HOME, else ~/.config", () => {
  expect(configFilePath({ XDG_CONFIG_HOME: "/xdg" }, "/home/ana")).toBe("/xdg/sleuth/config.json");
  expect(configFilePath({}, "/home/ana")).toBe("/home/ana/.config/sleuth/config.json");
  // The XDG spec: a relative path is invalid and ignored.
  expect(configFilePath({ XDG_CONFIG_HOME: "relative" }, "/home/ana")).toBe(
    "/home/ana/.config/sleuth/config.json",
  );
});

test("the demo file is cli.json in SLEUTH_DATA_DIR, else ./.sleuth", () => {
  expect(demoFilePath({}, "/repo")).toBe("/repo/.sleuth/cli.json");
  expect(demoFilePath({ SLEUTH_DATA_DIR: "/data" }, "/repo")).toBe("/data/cli.json");
  expect(demoFilePath({ SLEUTH_DATA_DIR: "var/sleuth" }, "/repo")).toBe("/repo/var/sleuth/cli.json");
});
