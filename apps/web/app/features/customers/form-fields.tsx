// The labelled fields moved to ui/ (the staff sign-in uses them too).
export * from "../../ui/form-fields.tsx";
