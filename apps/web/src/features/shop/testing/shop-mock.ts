/** The shop feature's tests use the shared fetch stub of the web tests. */
export { apiError, json, mockApi, type Handler, type MockRequest } from '@/test/mock-api';
