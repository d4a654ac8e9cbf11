// manage-tools-page.tsx still imports from here while another engineer edits it; once it imports
// components/ui/query-error directly, delete this file.
export { QueryError } from '../../../components/ui/query-error';
